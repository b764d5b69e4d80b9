import type { Sound } from './liveCues.ts';

/** Sound and vibration cues are off until the member switches them on; the choice is kept on this device. */
export const CUES_KEY = 'vetri.cues';
export const cuesOn = (): boolean => {
  try {
    return localStorage.getItem(CUES_KEY) === 'on';
  } catch {
    return false;
  }
};
export const setCues = (on: boolean): void => {
  try {
    localStorage.setItem(CUES_KEY, on ? 'on' : 'off');
  } catch {
    // A blocked localStorage: the switch lasts for this page only.
  }
};

/** Notes (Hz) and their length (ms) per cue: short, distinct, no files to download. */
const TONES: Record<Sound, { notes: number[]; ms: number; vibrate: number[] }> = {
  outbid: { notes: [440, 330], ms: 140, vibrate: [120, 60, 120] },
  won: { notes: [523, 659, 784], ms: 160, vibrate: [200, 80, 200, 80, 400] },
  tick: { notes: [880], ms: 60, vibrate: [30] },
};

let audio: AudioContext | null = null;

/** Plays and vibrates a cue (only ever called when cues are on, after the member's own tap switched them on). */
export const playCue = (sound: Sound): void => {
  const tone = TONES[sound];
  navigator.vibrate?.(tone.vibrate);
  try {
    audio ??= new AudioContext();
    let at = audio.currentTime;
    for (const hz of tone.notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + tone.ms / 1000);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + tone.ms / 1000);
      at += tone.ms / 1000;
    }
  } catch {
    // No audio on this device: the vibration (if any) is the cue.
  }
};
