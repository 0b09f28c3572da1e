// Sounds for moves, captures, checks and the end of a game, synthesised with WebAudio (the
// page ships no audio files), and the switch that mutes them; the choice is remembered in
// localStorage. Which sound played last is kept on the switch (data-last) for the tests.
"use strict";

const MUTE_KEY = "chariot.muted";
let audio = null; // the AudioContext, made at the first sound (after a click or key press)

// Each sound: [frequency Hz, start s, length s, wave] notes.
const SOUNDS = {
  move: [[520, 0, 0.07, "triangle"]],
  capture: [[300, 0, 0.06, "square"], [220, 0.05, 0.09, "triangle"]],
  check: [[880, 0, 0.08, "sine"], [1175, 0.09, 0.12, "sine"]],
  end: [[523, 0, 0.15, "sine"], [659, 0.14, 0.15, "sine"], [784, 0.28, 0.3, "sine"]],
};

function muted() {
  return localStorage.getItem(MUTE_KEY) === "1";
}

function showMute() {
  const b = $("btn-sound");
  const m = muted();
  b.textContent = m ? "Sound off" : "Sound on";
  b.setAttribute("aria-pressed", String(m));
  b.setAttribute("aria-label", m ? "Sounds are muted: unmute" : "Sounds are on: mute");
}

function playSound(kind) {
  $("btn-sound").dataset.last = muted() ? "" : kind;
  if (muted()) return;
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = audio || new Ctx();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    for (const [freq, start, length, wave] of SOUNDS[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      // A short attack and an exponential fade, so the notes do not click.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.25, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch (_) {
    // A browser without sound keeps the game going silently.
  }
}

function pieceTotal(s) {
  return s.board.join("").replace(/\./g, "").length;
}

// Which sound a new state calls for: none on a reload, a new game or an undo.
function soundFor(prev, next) {
  if (!prev || prev.id !== next.id) return null;
  if (next.result && !prev.result) return "end";
  if (next.moves.length <= prev.moves.length) return null;
  if (next.check) return "check";
  return pieceTotal(next) < pieceTotal(prev) ? "capture" : "move";
}

stateHooks.push((prev, next) => {
  const kind = soundFor(prev, next);
  if (kind) playSound(kind);
});
$("btn-sound").addEventListener("click", () => {
  localStorage.setItem(MUTE_KEY, muted() ? "0" : "1");
  showMute();
});
showMute();
