#!/usr/bin/env node
// A passgo bot in JavaScript, speaking the bot protocol (docs/bot-protocol.md) over
// stdin/stdout: one JSON object per line in, one per line out.
//
//   passgo tournament basic "cmd:node examples/bots/bot.js"
//
// Its play is deliberately simple: buy a deed when $200 stay in hand, bid up to the printed
// price, build whenever the game allows it and $300 stay in hand, leave jail with a card or
// the fine when $300 stay, reject every trade offer, and otherwise answer with the first
// legal action (see `pending`, `legal` and `view` in docs/bot-protocol.md).
"use strict";

const readline = require("readline");

const input = readline.createInterface({ input: process.stdin });
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
let board = []; // the squares, from the handshake

function decide(message) {
  // `pending` is the decision with what it needs (docs/bot-protocol.md), `view` the game
  // as this seat sees it.
  const { pending, legal, view, seat } = message;
  const cash = view.players[seat].cash;
  const has = (text) => legal.includes(text);
  switch (pending.kind) {
    case "buy":
      return has("buy") && cash - pending.price >= 200 ? "buy" : "auction";
    case "bid": {
      // Deeds up to their printed price; houses in a shortage auction up to $50.
      const value = pending.item === "deed" ? board[pending.square].price : 50;
      return pending.min_bid <= Math.min(value, cash - 100) ? `bid ${pending.min_bid}` : "pass";
    }
    case "jail": {
      const card = legal.find((text) => text.startsWith("use-card"));
      if (card) return card;
      if (pending.may_pay_fine && cash >= pending.fine + 300) return "pay-fine";
      return "roll";
    }
    case "end_turn": {
      const build = legal.find((text) => text.startsWith("build "));
      const cost = build ? board[Number(build.split(" ")[1])].house_cost : 0;
      return build && cash >= 300 + cost ? build : "end";
    }
    case "trade_reply":
      return "reject";
    default:
      return legal[0];
  }
}

input.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "hello") {
    board = message.board;
    send({ name: "example-js" });
  }
  else if (message.type === "decide") send({ id: message.id, action: decide(message) });
  else if (message.type === "bye") process.exit(0);
});
