/** A short two-tone chime (Web Audio, no file to download) for an arrival; silent where audio is unavailable. */
let context: AudioContext | null = null;

export function playArrivalSound(): void {
  try {
    if (typeof AudioContext === 'undefined') return;
    context ??= new AudioContext();
    const now = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
    gain.connect(context.destination);
    [880, 1320].forEach((frequency, i) => {
      const oscillator = context!.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(now + i * 0.12);
      oscillator.stop(now + 0.35);
    });
  } catch (error) {
    console.warn('Arrival sound unavailable', error);
  }
}
