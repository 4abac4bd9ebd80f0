// "Review this game" on the result screen: the review of the finished game from the server
// (GET /api/games/{id}/review, the JSON of `passgo review --json`, docs/review.md): every
// player's win chance over the decisions as a chart, a step-through of the decisions with the
// marked ones and the better move, with the board as it stood at the step chosen (GET
// /api/games/{id}/position/{at}), and the summary per reviewed player.

import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { View, request } from "./api";
import { playerColour } from "./colours";

type Mark = "inaccuracy" | "mistake" | "blunder" | null;

interface ReviewMove {
  at: number; round: number; turn: number; player: number; kind: string; played: string;
  before: number[]; after: number[]; judged: boolean;
  played_chance?: number; best_chance?: number; loss?: number; mark?: Mark; best?: string;
  instead?: string;
}

interface ReviewSummary {
  player: string; moves_judged: number; accuracy: number; inaccuracies: number;
  mistakes: number; blunders: number; verdict: string;
  biggest: { move: number; round: number; mark: Mark; loss: number; played: string;
             instead: string }[];
}

export interface GameReviewData {
  schema: string; players: string[]; reviewed: string[]; winner: string | null;
  ended: string | null; outcome: string;
  evaluator: { source: string; note: string }; final: number[];
  summary: ReviewSummary[]; moves: ReviewMove[];
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

function ChanceChart({ review, at, letters }: { review: GameReviewData; at: number;
                                                 letters: string[] }): JSX.Element {
  const w = 560, h = 200, left = 40, right = 12, top = 10, bottom = 24;
  const points = [...review.moves.map((m) => m.before), review.final];
  const n = Math.max(1, points.length - 1);
  const x = (k: number) => left + (k / n) * (w - left - right);
  const y = (v: number) => top + (1 - v) * (h - top - bottom);
  return <figure class="chart"><svg viewBox={`0 0 ${w} ${h}`} role="img"
              aria-label={`Win chance over the decisions: ${review.players.map((name, s) =>
                `${name} ends at ${pct(review.final[s])}`).join("; ")}`}>
    {[0, 0.5, 1].map((t) => <g>
      <line x1={left} x2={w - right} y1={y(t)} y2={y(t)} class="grid" />
      <text x={left - 6} y={y(t) + 4} text-anchor="end" font-size="11" class="axis">{pct(t)}</text>
    </g>)}
    <line x1={x(at)} x2={x(at)} y1={top} y2={h - bottom} class="grid" stroke-width="2" />
    {review.players.map((_, seat) => <polyline fill="none" stroke={playerColour(seat)}
      stroke-width="2" points={points.map((p, k) => `${x(k)},${y(p[seat])}`).join(" ")} />)}
    {review.moves.map((m, k) => m.mark ? <circle cx={x(k)} cy={y(m.before[m.player])}
      r={m.mark === "blunder" ? 5 : 3.5} fill={playerColour(m.player)} stroke="#000" /> : null)}
    <text x={(w + left) / 2} y={h - 6} text-anchor="middle" font-size="11" class="axis">
      the game's decisions, first to last</text>
  </svg>
    <figcaption>Each player's chance to win before each decision:{" "}
      {review.players.map((name, s) => <span class="legend">
        <span class="token-mark" style={{ background: playerColour(s) }} aria-hidden="true">
          {letters[s]}</span> {name}</span>)}</figcaption>
  </figure>;
}

function Step({ review, at, setAt }: { review: GameReviewData; at: number;
                                       setAt: (k: number) => void }): JSX.Element {
  const m = review.moves[at];
  const marked = review.moves.map((mv, k) => mv.mark ? k : -1).filter((k) => k >= 0);
  const next = marked.find((k) => k > at);
  return <div class="review-step">
    <p>
      <button type="button" onClick={() => setAt(Math.max(0, at - 1))} disabled={at === 0}>
        Previous</button>{" "}
      <button type="button" onClick={() => setAt(Math.min(review.moves.length - 1, at + 1))}
              disabled={at >= review.moves.length - 1}>Next</button>{" "}
      <button type="button" onClick={() => next !== undefined && setAt(next)}
              disabled={next === undefined}>Next mistake</button>{" "}
      Decision {at + 1} of {review.moves.length}
    </p>
    <p aria-live="polite">
      Round {m.round}: <strong>{review.players[m.player]}</strong> — {m.played}.{" "}
      Chances after: {review.players.map((name, s) => `${name} ${pct(m.after[s])}`).join(", ")}.
      {m.judged && m.mark && <> <strong class={`mark-${m.mark}`}>{m.mark}</strong> (−
        {Math.round(100 * (m.loss ?? 0))} points): {m.instead}.</>}
    </p>
  </div>;
}

/** `show`: draws a position on the page's board (null: the game's own, as it ended). */
export function GameReview({ game, letters, show }: {
  game: string; letters: string[]; show: (view: View | null) => void;
}): JSX.Element {
  const [review, setReview] = useState<GameReviewData | null>(null);
  const [asked, setAsked] = useState(false);
  const [error, setError] = useState("");
  const [at, setAt] = useState(0);
  // The board shows the position the step's player decided on; an answer that comes after
  // the next step was chosen is not drawn.
  useEffect(() => {
    const move = review?.moves[at];
    if (!move) return undefined;
    let current = true;
    // (A board the server cannot give now, busy with others, leaves the last one drawn: the
    // review itself stands.)
    request<View>(`/api/games/${game}/position/${move.at}`).then(
      (view) => { if (current) show(view); }, () => undefined);
    return () => { current = false; };
  }, [review, at]);
  useEffect(() => () => show(null), []);
  if (!asked) {
    return <p><button type="button" onClick={() => {
      setAsked(true);
      request<GameReviewData>(`/api/games/${game}/review`).then(setReview,
        (e: Error) => setError(e.message));
    }}>Review this game</button></p>;
  }
  if (error) return <p class="error">{error}</p>;
  if (!review) return <p>Reviewing the game (a few seconds)…</p>;
  return <section class="review" aria-labelledby="review-title">
    <h3 id="review-title">Game review</h3>
    <p>{review.outcome}</p>
    <ChanceChart review={review} at={at} letters={letters} />
    {review.moves.length > 0 && <Step review={review} at={at} setAt={setAt} />}
    {review.summary.map((s) => <div>
      <p><strong>{s.player}</strong>: {s.verdict}.</p>
      {s.biggest.length > 0 && <ol>{s.biggest.map((b) => <li>
        <button type="button" class="link" onClick={() => setAt(b.move)}>Round {b.round}</button>:
        {" "}{b.played} ({b.mark}); instead: {b.instead}.</li>)}</ol>}
    </div>)}
  </section>;
}
