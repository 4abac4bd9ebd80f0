// A question before an action that is hard to undo (accepting a lopsided trade, bankruptcy,
// deleting a game): a modal dialog whose safe answer has the focus.

import type { JSX } from "preact";
import { useEffect, useRef } from "preact/hooks";

export type Question = { text: string; yes: string; resolve: (yes: boolean) => void };

export function Confirm({ question }: { question: Question }): JSX.Element {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  return <dialog ref={dialog} class="confirm" aria-labelledby="confirm-text"
                 onCancel={(e) => { e.preventDefault(); question.resolve(false); }}>
    <p id="confirm-text">{question.text}</p>
    <div class="row">
      <button type="button" autofocus onClick={() => question.resolve(false)}>Cancel</button>
      <button type="button" class="danger" data-confirm="yes"
              onClick={() => question.resolve(true)}>{question.yes}</button>
    </div>
  </dialog>;
}
