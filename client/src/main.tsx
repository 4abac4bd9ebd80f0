// The client's entry: /game/ID is a game page, anything else the lobby.

import { render } from "preact";
import "./tokens.css";
import "./style.css";
import { GameRoute } from "./Game";
import { Lobby } from "./Lobby";

const root = document.getElementById("app")!;
const match = location.pathname.match(/^\/game\/([\w-]+)$/);
render(match ? <GameRoute id={match[1]} /> : <Lobby />, root);
