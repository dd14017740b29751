// The speaker: the board's 8-bit samples (web/py/audioio.py hands them over) looped
// through Web Audio at their own rate, as the DAC loops them. Browsers start audio only
// after a user gesture: the first key press or tap resumes it.

export class Speaker {
  constructor() {
    this.ctx = null;
    this.source = null;
    this.played = 0;  // sounds started (the tests read it)
  }

  unlock() {
    if (this.ctx === null) {
      const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
      if (!Ctx) return;
      try { this.ctx = new Ctx(); } catch (e) { return; }
    }
    if (this.ctx.state === "suspended") this.ctx.resume().catch(() => {});
  }

  // ``samples``: unsigned 8-bit, 128 the middle; ``rate`` in Hz; loop until stop().
  play(samples, rate, loop) {
    this.stop();
    this.played++;
    if (this.ctx === null || this.ctx.state !== "running" || samples.length === 0) return;
    const buffer = this.ctx.createBuffer(1, samples.length, rate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) data[i] = (samples[i] - 128) / 128;
    const source = this.ctx.createBufferSource();
    source.buffer = buffer;
    source.loop = loop;
    source.connect(this.ctx.destination);
    source.start();
    this.source = source;
  }

  stop() {
    if (this.source !== null) {
      try { this.source.stop(); } catch (e) { /* not started */ }
      this.source = null;
    }
  }
}
