// Everything on the page around the screen: the NeoPixels, the notices, the key help,
// the serial console's panel, the match code's link, the student's bot file.

const PIXEL_SCALE_UP = 255;

export class Page {
  constructor(doc) {
    this.doc = doc;
    this.canvas = doc.getElementById("screen");
    this.pixels = Array.from(doc.querySelectorAll(".pixel"));
    this.noticeLine = doc.getElementById("notice");
    this.log = doc.getElementById("console-lines");
    this.help = doc.getElementById("help");
    this.share = doc.getElementById("share");
    this.shareLink = doc.getElementById("share-link");
    this.onBot = null;
    this.botWanted = false;
    this.storageSaid = false;
    this.lines = 0;
    this.shownCode = "";
    const copy = doc.getElementById("share-copy");
    if (copy) copy.addEventListener("click", () => this.copyLink());
    const bot = doc.getElementById("bot-file");
    if (bot) bot.addEventListener("change", () => this.readBot(bot));
    const noBot = doc.getElementById("bot-remove");
    if (noBot) noBot.addEventListener("click", () => this.onBot && this.onBot(null));
    const helpButton = doc.getElementById("help-button");
    if (helpButton) helpButton.addEventListener("click", () => this.toggleHelp());
    globalThis.addEventListener("resize", () => this.fit());
    this.fit();
  }

  // The largest whole-number scale that fits the window above the touch pad.
  fit() {
    const wrap = this.doc.getElementById("screen-wrap");
    if (!wrap) return;
    const pad = this.doc.getElementById("pad");
    const touch = pad && getComputedStyle(pad).display !== "none";
    const beside = touch && globalThis.matchMedia &&
      globalThis.matchMedia("(orientation: landscape)").matches;
    // a phone on its side has the pad beside the screen, upright under it
    const padW = beside ? 2 * 180 : 0;
    const padH = touch && !beside ? pad.offsetHeight : (beside ? 56 : 0);
    const roomW = this.doc.documentElement.clientWidth - 16 - padW;
    const roomH = globalThis.innerHeight - padH - 48;
    const scale = Math.max(1, Math.min(Math.floor(roomW / 160), Math.floor(roomH / 128)));
    this.canvas.style.width = 160 * scale + "px";
    this.canvas.style.height = 128 * scale + "px";
    this.scale = scale;
  }

  ready() {
    this.doc.body.classList.add("ready");
  }

  brightness(percent) {
    this.canvas.style.filter = percent >= 100 ? "" : "brightness(" + (0.35 + 0.65 * percent / 100) + ")";
  }

  // The five NeoPixels: green, red, blue bytes each, dim as the board sends them; shown
  // brighter, as the simulator shows them, so that a colour can be seen on a screen.
  lights(grb) {
    for (let i = 0; i < this.pixels.length; i++) {
      const g = grb[3 * i] || 0, r = grb[3 * i + 1] || 0, b = grb[3 * i + 2] || 0;
      const m = Math.max(r, g, b);
      const up = (v) => (m ? Math.min(255, Math.floor((v * PIXEL_SCALE_UP) / m)) : 50);
      this.pixels[i].style.background = m ? "rgb(" + up(r) + "," + up(g) + "," + up(b) + ")" : "";
      this.pixels[i].classList.toggle("on", m > 0);
    }
  }

  notice(text) {
    this.noticeLine.textContent = text;
    this.noticeLine.hidden = !text;
  }

  // The browser refused a save (its storage is full): said once, the game plays on.
  storageFull() {
    if (this.storageSaid) return;
    this.storageSaid = true;
    this.notice("The browser's storage is full: from now on nothing will be kept.");
  }

  fault(text) {
    this.notice(text);
  }

  // One line of the serial console: the panel and the browser's console.
  console(line) {
    console.log(line);
    if (!this.log) return;
    this.log.append(line + "\n");
    if (++this.lines > 500) {
      this.log.textContent = this.log.textContent.split("\n").slice(-400).join("\n");
      this.lines = 400;
    }
    this.log.scrollTop = this.log.scrollHeight;
  }

  toggleHelp() {
    this.help.hidden = !this.help.hidden;
  }

  // The code of the match whose end page is shown ("" otherwise): its link beside the screen.
  matchCode(code) {
    if (code === this.shownCode) return;
    this.shownCode = code;
    this.share.hidden = !code;
    if (code) {
      const url = new URL(location.href);
      url.hash = "challenge=" + code;
      this.shareLink.value = url.href;
    }
  }

  copyLink() {
    this.shareLink.select();
    if (navigator.clipboard) navigator.clipboard.writeText(this.shareLink.value).catch(() => {});
  }

  readBot(input) {
    const file = input.files && input.files[0];
    if (!file) return;
    file.text().then((text) => this.onBot && this.onBot(text));
    input.value = "";
  }

  restarted() {}
}
