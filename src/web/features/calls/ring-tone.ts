/** The ring of an incoming call: a two-tone chirp every two seconds, made with Web Audio (no sound file to load). */
const RING_EVERY_MS = 2_000;

let context: AudioContext | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let waitingForGesture = false;
/** The context time of the last chirp: a resume answered twice (the ring's own try, then a gesture) chirps once. */
let lastChirpAt = Number.NEGATIVE_INFINITY;

function chirp(audio: AudioContext) {
  // A suspended context keeps its time still: tones scheduled now would all sound at once when it resumes.
  if (audio.state !== "running" || audio.currentTime - lastChirpAt < 1) return;
  lastChirpAt = audio.currentTime;
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

const gestures = ["pointerdown", "keydown"] as const;

/** Resumes the context and, once it runs, rings at once if the call still rings. Answers whether it runs. */
function resumeAndRing(audio: AudioContext): Promise<boolean> {
  return audio.resume().then(
    () => {
      if (audio.state !== "running") return false;
      if (timer) chirp(audio);
      return true;
    },
    () => false,
  );
}

/**
 * Browsers keep audio suspended until the page was used (their autoplay policy): the first press of a key or a pointer
 * on the page resumes it, and the ring sounds from then on if the call still rings.
 */
function resumeOnFirstGesture(audio: AudioContext) {
  if (waitingForGesture) return;
  waitingForGesture = true;
  const resume = () => {
    void resumeAndRing(audio).then((running) => {
      if (!running) return;
      for (const gesture of gestures) window.removeEventListener(gesture, resume, true);
      waitingForGesture = false;
    });
  };
  for (const gesture of gestures) window.addEventListener(gesture, resume, true);
}

export function startRinging() {
  if (timer || typeof AudioContext === "undefined") return;
  context ??= new AudioContext();
  const audio = context;
  if (audio.state === "suspended") {
    // Allowed already when the page was used before the ring; otherwise at the first gesture.
    void resumeAndRing(audio);
    resumeOnFirstGesture(audio);
  }
  chirp(audio);
  timer = setInterval(() => chirp(audio), RING_EVERY_MS);
}

export function stopRinging() {
  clearInterval(timer);
  timer = undefined;
}
