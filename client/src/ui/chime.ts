/**
 * The new-order sound, made by the Web Audio API (two rising tones, no file
 * to download or to be missing). A browser lets a page play sound only
 * after a person touched it, so the context is made (or resumed) on the
 * first tap anywhere; until then `chime` is silent and says so.
 */
let context: AudioContext | null = null;
let listening = false;

/** Made or resumed inside a tap, as browsers require. */
function unlock(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    // A browser without Web Audio: the notice still shows.
  }
}

/** Call once: the next tap anywhere on the page makes sound possible. */
export function armChime(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pointerdown', unlock, { passive: true });
  window.addEventListener('keydown', unlock, { passive: true });
}

/** Plays the chime; false when the browser does not allow sound yet (nobody tapped the page). */
export function chime(): boolean {
  if (!context || context.state !== 'running') return false;
  const start = context.currentTime;
  [660, 880].forEach((hz, i) => {
    const osc = context!.createOscillator();
    const gain = context!.createGain();
    osc.type = 'sine';
    osc.frequency.value = hz;
    const at = start + i * 0.22;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    osc.connect(gain).connect(context!.destination);
    osc.start(at);
    osc.stop(at + 0.21);
  });
  return true;
}
