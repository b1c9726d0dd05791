// A short two-tone chime through the Web Audio API (collection-views §9: 'a sound plays on a new
// notification'); no audio file to ship. Browsers keep audio silent until the page has had a user
// gesture, and a blocked or missing AudioContext is no reason to fail: it just stays quiet.

type AudioContextConstructor = new () => AudioContext;

type AudioGlobals = { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };

// Older Safari has only the prefixed constructor.
const audioContextClass = (): AudioContextConstructor | undefined =>
  (globalThis as AudioGlobals).AudioContext ?? (globalThis as AudioGlobals).webkitAudioContext;

const toneSeconds = 0.18;

export const playNotificationSound = (): void => {
  const AudioContextClass = audioContextClass();
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.connect(context.destination);
    const start = context.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 2 * toneSeconds);
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(start + index * toneSeconds);
      oscillator.stop(start + (index + 1) * toneSeconds);
      if (index === 1) oscillator.onended = () => void context.close();
    });
  } catch {
    // No sound is better than a broken bell.
  }
};
