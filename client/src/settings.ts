// This browser's settings: how fast the dice and tokens move (0: no animation), and whether a
// sound says that it is your turn. Kept in localStorage.

export type Settings = { speed: number; sound: boolean };

export const SPEEDS: [number, string][] = [[0, "Off"], [0.5, "Slow"], [1, "Normal"], [2, "Fast"]];

export function loadSettings(): Settings {
  const speed = Number(localStorage.getItem("passgo-speed") ?? "1");
  return { speed: SPEEDS.some(([s]) => s === speed) ? speed : 1,
           sound: localStorage.getItem("passgo-sound") === "1" };
}

export function saveSettings(s: Settings): void {
  localStorage.setItem("passgo-speed", String(s.speed));
  localStorage.setItem("passgo-sound", s.sound ? "1" : "0");
}

/** Two short notes: your turn. */
export function chime(): void {
  try {
    const audio = new AudioContext();
    [660, 880].forEach((freq, k) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, audio.currentTime + k * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + k * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + k * 0.16 + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + k * 0.16);
      osc.stop(audio.currentTime + k * 0.16 + 0.16);
    });
    setTimeout(() => audio.close(), 600);
  } catch {
    // No sound where the browser has no audio: the title still says it.
  }
}
