// bitmaptools as C (board rig): readinto and blit, with the signatures of
// tools/rig/stubs/bitmaptools.py. Both work on the bitmap's pixels, reading and copying
// without any heap (readinto reads the file a row at a time into the C stack, as the board).

#include "py/mperrno.h"
#include "py/runtime.h"
#include "py/stream.h"

#include "rig.h"

static rig_bitmap_t *writable(mp_obj_t obj) {
    rig_bitmap_t *b = rig_native(obj, &rig_bitmap_type);
    if (b->read_only) {
        mp_raise_TypeError(MP_ERROR_TEXT("read-only bitmap"));
    }
    return b;
}

// readinto(bitmap, file, bits_per_pixel, element_size=4, reverse_pixels_in_element=False,
//          swap_bytes_in_element=False, reverse_rows=False)
static mp_obj_t bitmaptools_readinto(size_t n_args, const mp_obj_t *pos_args, mp_map_t *kw_args) {
    enum { ARG_bitmap, ARG_file, ARG_bits, ARG_element_size, ARG_reverse_pixels, ARG_swap,
           ARG_reverse_rows };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_bitmap, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_file, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_bits_per_pixel, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 1} },
        { MP_QSTR_element_size, MP_ARG_INT, {.u_int = 4} }, // the stand-in's default (the board's: 1)
        { MP_QSTR_reverse_pixels_in_element, MP_ARG_BOOL, {.u_bool = false} },
        { MP_QSTR_swap_bytes_in_element, MP_ARG_BOOL, {.u_bool = false} },
        { MP_QSTR_reverse_rows, MP_ARG_BOOL, {.u_bool = false} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all(n_args, pos_args, kw_args, MP_ARRAY_SIZE(allowed), allowed, args);
    rig_bitmap_t *bm = writable(args[ARG_bitmap].u_obj);
    mp_int_t bits = args[ARG_bits].u_int;
    mp_int_t esize = args[ARG_element_size].u_int;
    if (!(bits == 1 || bits == 2 || bits == 4 || bits == 8 || bits == 16 || bits == 24 || bits == 32)) {
        mp_raise_ValueError(MP_ERROR_TEXT("bits_per_pixel must be 1, 2, 4, 8, 16, 24 or 32"));
    }
    if (!(esize == 1 || esize == 2 || esize == 4)) {
        mp_raise_ValueError(MP_ERROR_TEXT("element_size must be 1, 2 or 4"));
    }
    bool reverse_pixels = args[ARG_reverse_pixels].u_bool;
    bool swap = args[ARG_swap].u_bool;
    size_t bits_per_element = esize * 8;
    size_t row_bytes = esize * ((bm->width * bits + bits_per_element - 1) / bits_per_element);
    uint8_t row[row_bytes ? row_bytes : 1];
    mp_obj_t file = args[ARG_file].u_obj;
    for (int r = 0; r < bm->height; r++) {
        int err;
        mp_uint_t got = mp_stream_rw(file, row, row_bytes, &err, MP_STREAM_RW_READ);
        if (got != row_bytes) {
            mp_raise_OSError(got == MP_STREAM_ERROR ? err : MP_EIO);
        }
        if (swap && esize > 1) {
            for (size_t i = 0; i + esize <= row_bytes; i += esize) {
                for (mp_int_t a = 0, b = esize - 1; a < b; a++, b--) {
                    uint8_t t = row[i + a];
                    row[i + a] = row[i + b];
                    row[i + b] = t;
                }
            }
        }
        int y = args[ARG_reverse_rows].u_bool ? bm->height - 1 - r : r;
        for (int x = 0; x < bm->width; x++) {
            uint32_t v = 0;
            if (bits >= 8) {
                const uint8_t *p = row + x * (bits / 8);
                for (int k = 0; k < bits / 8; k++) {
                    v = (v << 8) | p[k];
                }
            } else {
                size_t bit = (size_t)x * bits;
                size_t in_byte = bit % 8;
                uint8_t byte = row[bit / 8];
                v = reverse_pixels ? (byte >> in_byte) & ((1 << bits) - 1)
                    : (byte >> (8 - bits - in_byte)) & ((1 << bits) - 1);
            }
            rig_bitmap_set(bm, x, y, v & ((1u << bm->bits_per_value) - 1));
        }
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(bitmaptools_readinto_obj, 0, bitmaptools_readinto);

// blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
//      skip_dest_index=None)
static mp_obj_t bitmaptools_blit(size_t n_args, const mp_obj_t *pos_args, mp_map_t *kw_args) {
    enum { ARG_dest, ARG_source, ARG_x, ARG_y, ARG_x1, ARG_y1, ARG_x2, ARG_y2, ARG_skip_source,
           ARG_skip_dest };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_dest_bitmap, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_source_bitmap, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_x, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_y, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_x1, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_y1, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_x2, MP_ARG_KW_ONLY | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_y2, MP_ARG_KW_ONLY | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_skip_source_index, MP_ARG_KW_ONLY | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_skip_dest_index, MP_ARG_KW_ONLY | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all(n_args, pos_args, kw_args, MP_ARRAY_SIZE(allowed), allowed, args);
    rig_bitmap_t *dest = writable(args[ARG_dest].u_obj);
    rig_bitmap_t *src = rig_native(args[ARG_source].u_obj, &rig_bitmap_type);
    mp_int_t x1 = args[ARG_x1].u_int;
    mp_int_t y1 = args[ARG_y1].u_int;
    mp_int_t x2 = args[ARG_x2].u_obj == mp_const_none ? src->width : mp_obj_get_int(args[ARG_x2].u_obj);
    mp_int_t y2 = args[ARG_y2].u_obj == mp_const_none ? src->height : mp_obj_get_int(args[ARG_y2].u_obj);
    bool skip_s = args[ARG_skip_source].u_obj != mp_const_none;
    bool skip_d = args[ARG_skip_dest].u_obj != mp_const_none;
    uint32_t skip_source = skip_s ? mp_obj_get_int(args[ARG_skip_source].u_obj) : 0;
    uint32_t skip_dest = skip_d ? mp_obj_get_int(args[ARG_skip_dest].u_obj) : 0;
    for (mp_int_t sy = y1; sy < y2; sy++) {
        for (mp_int_t sx = x1; sx < x2; sx++) {
            int dx = args[ARG_x].u_int + (sx - x1);
            int dy = args[ARG_y].u_int + (sy - y1);
            uint32_t v = rig_bitmap_get(src, sx, sy);
            if ((skip_s && v == skip_source) || (skip_d && rig_bitmap_get(dest, dx, dy) == skip_dest)) {
                continue;
            }
            rig_bitmap_set(dest, dx, dy, v);
        }
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(bitmaptools_blit_obj, 0, bitmaptools_blit);

static const mp_rom_map_elem_t bitmaptools_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_bitmaptools) },
    { MP_ROM_QSTR(MP_QSTR_readinto), MP_ROM_PTR(&bitmaptools_readinto_obj) },
    { MP_ROM_QSTR(MP_QSTR_blit), MP_ROM_PTR(&bitmaptools_blit_obj) },
};
static MP_DEFINE_CONST_DICT(bitmaptools_globals, bitmaptools_globals_table);

const mp_obj_module_t rig_bitmaptools_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&bitmaptools_globals,
};
MP_REGISTER_MODULE(MP_QSTR_bitmaptools, rig_bitmaptools_module);
