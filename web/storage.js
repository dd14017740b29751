// The board's 8 KB nvm, kept in the browser's localStorage (base64), and the student's
// bot.py beside it. Where storage is blocked or full (a private window, a policy) the
// game still plays, from a blank nvm, and the page says once that nothing will be kept.

const NVM_KEY = "cucumber.nvm";
const BOT_KEY = "cucumber.bot";
export const NVM_SIZE = 8192;

// What the page found: "blank" (never written), "kept", "damaged" (not 8 KB of base64:
// treated as the board treats a damaged store, from a blank nvm with its notice),
// "blocked" (no storage: nothing is kept).
export class Storage {
  constructor(store = safeLocalStorage()) {
    this.store = store;
    this.blocked = store === null;
    this.failed = false;  // a write refused (full): said once
    // The nvm as this tab last wrote it: what a restart (a new MicroPython) reads, so that
    // the match saved just before it carries over also where the browser kept nothing.
    this.written = null;
  }

  loadNvm() {
    if (this.written !== null) return { bytes: this.written.slice(), state: "kept" };
    const blank = new Uint8Array(NVM_SIZE).fill(0xff);
    if (this.blocked) return { bytes: blank, state: "blocked" };
    let text;
    try {
      text = this.store.getItem(NVM_KEY);
    } catch (e) {
      this.blocked = true;
      return { bytes: blank, state: "blocked" };
    }
    if (text === null) return { bytes: blank, state: "blank" };
    try {
      const raw = atob(text);
      if (raw.length !== NVM_SIZE) throw new Error("not 8 KB");
      const bytes = new Uint8Array(NVM_SIZE);
      for (let i = 0; i < NVM_SIZE; i++) bytes[i] = raw.charCodeAt(i);
      return { bytes, state: "kept" };
    } catch (e) {
      // Damaged beyond reading: the game starts from a blank nvm and says its data was
      // damaged; the damaged text is kept aside, never silently thrown away.
      try { this.store.setItem(NVM_KEY + ".damaged", text); } catch (e2) { /* full */ }
      const bytes = blank.slice();
      bytes[0] = 0x00;  // not blank: the store reads a damaged record and says so
      return { bytes, state: "damaged" };
    }
  }

  // Returns false when the write was refused (storage full or blocked).
  saveNvm(bytes) {
    this.written = bytes.slice();
    if (this.blocked) return false;
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x2000) {
      s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x2000));
    }
    try {
      this.store.setItem(NVM_KEY, btoa(s));
      return true;
    } catch (e) {
      this.failed = true;
      return false;
    }
  }

  loadBot() {
    if (this.blocked) return null;
    try { return this.store.getItem(BOT_KEY); } catch (e) { return null; }
  }

  saveBot(text) {
    if (this.blocked) return false;
    try {
      if (text === null) this.store.removeItem(BOT_KEY);
      else this.store.setItem(BOT_KEY, text);
      return true;
    } catch (e) {
      return false;
    }
  }
}

function safeLocalStorage() {
  try {
    const s = globalThis.localStorage;
    const probe = "cucumber.probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch (e) {
    return null;
  }
}
