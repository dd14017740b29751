// The 160 x 128 screen: composes the draw list that web/py/displayio.py hands over
// (records of int32s read straight out of MicroPython's memory) into RGB565 pixels,
// as the board's display and the simulator (Blinka's displayio) show them, and puts
// them on the canvas, which CSS scales by a whole number with crisp pixels.

export const W = 160;
export const H = 128;

const DRAW_TILES = 1;
const DRAW_RECT = 2;
const SRC_DISK = 1;

// 0xRRGGBB as the display shows it: cut to RGB565, then widened as Blinka widens it.
function rgb565(c) {
  const r = (c >> 19) & 31, g = (c >> 10) & 63, b = (c >> 3) & 31;
  return (Math.floor((r * 255) / 31)) | (Math.floor((g * 255) / 63) << 8) |
    (Math.floor((b * 255) / 31) << 16) | 0xff000000;
}

// A BMP file's pixels as one colour index a byte (8, 4 or 1 bits a pixel, bottom-up or
// top-down rows): the OnDiskBitmaps' pixels, which stay with the page.
export function decodeBmp(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = v.getUint32(10, true);
  const width = v.getInt32(18, true);
  let height = v.getInt32(22, true);
  const bpp = v.getUint16(28, true);
  const topDown = height < 0;
  height = Math.abs(height);
  const stride = Math.floor((width * bpp + 31) / 32) * 4;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = offset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      let value;
      if (bpp === 8) value = bytes[row + x];
      else if (bpp === 4) value = (bytes[row + (x >> 1)] >> ((x & 1) ? 0 : 4)) & 15;
      else value = (bytes[row + (x >> 3)] >> (7 - (x & 7))) & 1;
      out[y * width + x] = value;
    }
  }
  return { width, height, pixels: out };
}

export class Screen {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.image = this.ctx.createImageData(W, H);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.disk = [];  // decoded OnDiskBitmaps, by the id handed to Python
    this.frames = 0;
    this.clear();
  }

  clear() {
    this.pixels.fill(0xff000000);
    this.ctx.putImageData(this.image, 0, 0);
  }

  addDisk(bytes) {
    this.disk.push(decodeBmp(bytes));
    return this.disk.length - 1;
  }

  // The draw list at ``addr`` (``count`` int32s) in ``memory`` (a WebAssembly.Memory).
  draw(memory, addr, count) {
    const px = this.pixels;
    px.fill(0xff000000);
    const heap = new Uint8Array(memory.buffer);
    const ints = new Int32Array(memory.buffer, addr, count);
    const colour = new Map();
    const paletteColour = (pal, i) => {
      const key = pal + 4 * i;
      let c = colour.get(key);
      if (c === undefined) {
        c = heap[key + 3] ? 0 : rgb565(heap[key] | (heap[key + 1] << 8) | (heap[key + 2] << 16));
        colour.set(key, c);
      }
      return c;
    };
    let i = 0;
    while (i < count) {
      const kind = ints[i];
      if (kind === DRAW_RECT) {
        const [x, y, scale, w, h, pal, index] = ints.subarray(i + 1, i + 8);
        const c = paletteColour(pal, index);
        if (c) this.fill(x, y, w * scale, h * scale, c);
        i += 8;
      } else if (kind === DRAW_TILES) {
        this.tiles(ints.subarray(i + 1, i + 16), heap, paletteColour);
        i += 16;
      } else {
        break;  // a list this page cannot read: what was drawn stays
      }
    }
    this.ctx.putImageData(this.image, 0, 0);
    this.frames++;
  }

  fill(x, y, w, h, c) {
    const x0 = Math.max(0, x), y0 = Math.max(0, y);
    const x1 = Math.min(W, x + w), y1 = Math.min(H, y + h);
    for (let yy = y0; yy < y1; yy++) this.pixels.fill(c, yy * W + x0, yy * W + x1);
  }

  tiles(r, heap, paletteColour) {
    const [x, y, scale, srcKind, src, srcW, srcH, pal, colours, tw, th, gw, gh, tilesAt,
      flags] = r;
    let pixels, offset = 0;
    if (srcKind === SRC_DISK) {
      pixels = this.disk[src].pixels;
    } else {
      pixels = heap;
      offset = src;
    }
    const across = Math.max(1, Math.floor(srcW / tw));
    const px = this.pixels;
    const flipX = flags & 1, flipY = flags & 2, swap = flags & 4;
    for (let ty = 0; ty < gh; ty++) {
      for (let tx = 0; tx < gw; tx++) {
        const tile = heap[tilesAt + ty * gw + tx];
        const sx0 = (tile % across) * tw, sy0 = Math.floor(tile / across) * th;
        if (sy0 + th > srcH) continue;
        for (let v = 0; v < th; v++) {
          for (let u = 0; u < tw; u++) {
            let su = flipX ? tw - 1 - u : u, sv = flipY ? th - 1 - v : v;
            if (swap) [su, sv] = [sv, su];
            const value = pixels[offset + (sy0 + sv) * srcW + sx0 + su];
            if (value >= colours) continue;
            const c = paletteColour(pal, value);
            if (!c) continue;
            const bx = x + (tx * tw + u) * scale, by = y + (ty * th + v) * scale;
            for (let dy = 0; dy < scale; dy++) {
              const yy = by + dy;
              if (yy < 0 || yy >= H) continue;
              for (let dx = 0; dx < scale; dx++) {
                const xx = bx + dx;
                if (xx >= 0 && xx < W) px[yy * W + xx] = c;
              }
            }
          }
        }
      }
    }
  }

  // The screen's pixels as 0xRRGGBB, row by row (for the tests).
  rgb() {
    return Array.from(this.pixels, (p) => ((p & 255) << 16) | (p & 0xff00) | ((p >> 16) & 255));
  }
}
