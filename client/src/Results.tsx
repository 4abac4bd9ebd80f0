// The game-over screen: the winner, the standings, a chart of every player's worth over the
// rounds, rent paid and received, the groups each held at the end (all from the server's
// replay of the finished game), and the rematch.

import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { BoardMessage, Summary, View, request } from "./api";
import { groupColour, groupName, playerColour } from "./colours";
import { GameReview } from "./Review";

function WorthChart({ summary, letters, currency }: { summary: Summary; letters: string[];
                                                      currency: string }): JSX.Element {
  const w = 560, h = 240, left = 56, bottom = 28, top = 10, right = 12;
  // The axis in round steps ($1,000 apart, not $1,088): the smallest of 1, 2, 2.5 or 5
  // times a power of ten that covers the highest worth in at most five steps.
  const highest = Math.max(1, ...summary.worth.flat());
  const power = 10 ** Math.floor(Math.log10(highest / 5));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s * 5 >= highest) ?? power * 10;
  const top_ = step * Math.ceil(highest / step);
  const n = summary.rounds.length;
  const x = (k: number) => left + (n > 1 ? (k / (n - 1)) * (w - left - right) : 0);
  const y = (v: number) => top + (1 - v / top_) * (h - top - bottom);
  const ticks = Array.from({ length: Math.round(top_ / step) + 1 }, (_, k) => k * step);
  const m = (v: number) => `${currency}${v.toLocaleString("en-US")}`;
  return <figure class="chart">
    <svg viewBox={`0 0 ${w} ${h}`} role="img"
         aria-label={`Worth over the rounds: ${summary.names.map((name, s) =>
           `${name} from ${m(summary.worth[s][0])} to ${m(summary.worth[s][n - 1])}`).join("; ")}`}>
      {ticks.map((t) => <g>
        <line x1={left} x2={w - right} y1={y(t)} y2={y(t)} class="grid" />
        <text x={left - 6} y={y(t) + 4} text-anchor="end" font-size="11" class="axis">{m(t)}</text>
      </g>)}
      <text x={(w + left) / 2} y={h - 4} text-anchor="middle" font-size="11" class="axis">
        round (1 to {summary.rounds[n - 1]})</text>
      {summary.worth.map((series, seat) => <g>
        <polyline points={series.map((v, k) => `${x(k)},${y(v)}`).join(" ")} fill="none"
                  stroke={playerColour(seat)} stroke-width="2.5"
                  stroke-dasharray={["", "6 3", "2 3", "8 3 2 3"][seat % 4]} />
        <text x={x(n - 1) - 4} y={y(series[n - 1]) - 5} font-size="11" font-weight="700"
              text-anchor="end" fill={playerColour(seat)}>{letters[seat]}</text>
      </g>)}
    </svg>
    <figcaption>Worth (cash, deeds at their printed price, buildings at cost) as each round
      began.</figcaption>
  </figure>;
}

/** `show`: draws a position of the review on the page's board (null: the final one). */
export function Results({ game, board, letters, question, rematch, show }: {
  game: string; board: BoardMessage; letters: string[]; question: string;
  rematch: JSX.Element | null; show: (view: View | null) => void;
}): JSX.Element {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    request<Summary>(`/api/games/${game}/summary`).then(setSummary,
      (e: Error) => setError(e.message));
  }, [game]);
  const m = (v: number) => `${board.currency}${v.toLocaleString("en-US")}`;
  return <section class="results" aria-labelledby="results-title">
    <h2 id="results-title">{question || "Game over"}</h2>
    {rematch}
    {error && <p class="error">{error}</p>}
    {!summary && !error && <p>Adding up the game…</p>}
    {summary && <>
      <table class="standings">
        <caption>Standings</caption>
        <thead><tr><th scope="col">Place</th><th scope="col">Player</th>
          <th scope="col">Worth</th><th scope="col">Rent received</th>
          <th scope="col">Rent paid</th><th scope="col">Groups held</th></tr></thead>
        <tbody>
          {summary.standings.map((seat, place) => {
            const worth = summary.worth[seat];
            return <tr class={seat === summary.winner ? "winner-row" : undefined}>
              <td>{place + 1}{seat === summary.winner ? " ★" : ""}</td>
              <th scope="row"><span class="token-mark" style={{ background: playerColour(seat) }}
                                    aria-hidden="true">{letters[seat]}</span> {summary.names[seat]}</th>
              <td>{m(worth[worth.length - 1])}</td>
              <td>{m(summary.rent_received[seat])}</td>
              <td>{m(summary.rent_paid[seat])}</td>
              <td>{summary.groups.filter((g) => g.owner === seat).map((g) =>
                <span class="group-tag" style={{ borderColor: groupColour(g.group) ?? undefined }}>
                  {groupName(g.group)}</span>)}</td>
            </tr>;
          })}
        </tbody>
      </table>
      <WorthChart summary={summary} letters={letters} currency={board.currency} />
      <GameReview game={game} letters={letters} show={show} />
    </>}
  </section>;
}
