// One input map: the simulator's keys and the on-screen buttons, as the PyBadge's shift
// register numbers them (cucumber.keys.PYBADGE_KEYS: B, A, START, SELECT, RIGHT, DOWN,
// UP, LEFT). A press and a release are one event each, as keypad gives them.

export const KEY_NUMBERS = { b: 0, a: 1, start: 2, select: 3, right: 4, down: 5, up: 6, left: 7 };

// Keyboard keys (KeyboardEvent.key) -> button, as in the simulator's window.
export const KEYBOARD = {
  ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  z: "a", Z: "a", a: "a", A: "a", x: "b", X: "b", b: "b", B: "b",
  Enter: "start", " ": "select", Tab: "select",
};

export class Buttons {
  constructor() {
    this.queue = [];
    this.held = new Set();
    this.onPress = null;  // called at every press (sound unlock, a prompt step)
  }

  press(name) {
    const n = KEY_NUMBERS[name];
    if (n === undefined || this.held.has(name)) return;
    this.held.add(name);
    this.queue.push(n);
    if (this.onPress) this.onPress(name);
  }

  release(name) {
    const n = KEY_NUMBERS[name];
    if (n === undefined || !this.held.has(name)) return;
    this.held.delete(name);
    this.queue.push(n + 16);
  }

  // The next event for web/py/keypad.py: -1 none, a key number, or 16 + it (released).
  next() {
    return this.queue.length ? this.queue.shift() : -1;
  }

  releaseAll() {
    for (const name of Array.from(this.held)) this.release(name);
  }

  listenKeyboard(target, onHelp) {
    target.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "F1" || e.key === "h" || e.key === "H" || e.key === "?") {
        onHelp();
        e.preventDefault();
        return;
      }
      const name = KEYBOARD[e.key];
      if (name === undefined) return;
      e.preventDefault();
      if (!e.repeat) this.press(name);
    });
    target.addEventListener("keyup", (e) => {
      const name = KEYBOARD[e.key];
      if (name !== undefined) this.release(name);
    });
    globalThis.addEventListener("blur", () => this.releaseAll());
  }

  // Elements with data-button="a" (the on-screen pad): pointer events, so a thumb on a
  // phone, a mouse and a pen all press; no scrolling or zooming while held.
  listenPad(root) {
    for (const el of root.querySelectorAll("[data-button]")) {
      const name = el.dataset.button;
      const down = (e) => { e.preventDefault(); el.classList.add("pressed"); this.press(name); };
      const up = (e) => { e.preventDefault(); el.classList.remove("pressed"); this.release(name); };
      el.addEventListener("pointerdown", down);
      el.addEventListener("pointerup", up);
      el.addEventListener("pointercancel", up);
      el.addEventListener("pointerleave", up);
      el.addEventListener("contextmenu", (e) => e.preventDefault());
    }
  }
}
