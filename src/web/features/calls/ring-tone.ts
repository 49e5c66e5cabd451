/** The ring of an incoming call: a two-tone chirp every two seconds, made with Web Audio (no sound file to load). */
const RING_EVERY_MS = 2_000;

let context: AudioContext | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

function chirp(audio: AudioContext) {
  const gain = audio.createGain();
  gain.gain.value = 0.15;
  gain.connect(audio.destination);
  for (const [index, frequency] of [440, 480].entries()) {
    const tone = audio.createOscillator();
    tone.frequency.value = frequency;
    tone.connect(gain);
    tone.start(audio.currentTime + index * 0.4);
    tone.stop(audio.currentTime + index * 0.4 + 0.35);
  }
}

export function startRinging() {
  if (timer || typeof AudioContext === "undefined") return;
  context ??= new AudioContext();
  const audio = context;
  // Browsers may keep audio suspended until the page was used; the dialog still shows the call.
  void audio.resume().catch(() => undefined);
  chirp(audio);
  timer = setInterval(() => chirp(audio), RING_EVERY_MS);
}

export function stopRinging() {
  clearInterval(timer);
  timer = undefined;
}
