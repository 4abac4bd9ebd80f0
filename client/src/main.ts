// The client's entry: /game/ID is a game page, anything else the lobby.

import "./style.css";
import { showGame } from "./game";
import { showLobby } from "./lobby";

const root = document.getElementById("app")!;
const match = location.pathname.match(/^\/game\/([\w-]+)$/);
(match ? showGame(root, match[1]) : showLobby(root)).catch((err: Error) => {
  root.textContent = `Cannot reach the server: ${err.message}`;
});
