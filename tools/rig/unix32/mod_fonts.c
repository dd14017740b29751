// fontio and terminalio as C (board rig), as tools/rig/stubs/fontio.py and terminalio.py:
//
//   fontio.Glyph     a 32-byte block (fontio_glyph_t: bitmap, tile index, six int16s)
//   terminalio.FONT  a BuiltinFont in static memory (the firmware's flash on the board), its
//                    bitmap a static displayio.Bitmap of 95 glyphs of 6 x 12 in a row: no heap.
//                    get_bounding_box() -> (6, 12), a new tuple; get_glyph(c) -> a new Glyph,
//                    tile_index c - 32 for the printable ASCII characters, None for others.

#include "py/objtuple.h"
#include "py/runtime.h"

#include "rig.h"

// ----- fontio.Glyph --------------------------------------------------------------------------

typedef struct _rig_glyph_t {
    mp_obj_base_t base;
    mp_obj_t bitmap;
    uint16_t tile_index;
    int16_t width;
    int16_t height;
    int16_t dx;
    int16_t dy;
    int16_t shift_x;
    int16_t shift_y;
} rig_glyph_t;

_Static_assert(sizeof(rig_glyph_t) > 16 && sizeof(rig_glyph_t) <= 32, "Glyph: 32 B");

static mp_obj_t glyph_new(mp_obj_t bitmap, mp_int_t tile, mp_int_t w, mp_int_t h, mp_int_t dx,
    mp_int_t dy, mp_int_t sx, mp_int_t sy) {
    rig_glyph_t *self = mp_obj_malloc(rig_glyph_t, &rig_glyph_type);
    self->bitmap = bitmap;
    self->tile_index = tile;
    self->width = w;
    self->height = h;
    self->dx = dx;
    self->dy = dy;
    self->shift_x = sx;
    self->shift_y = sy;
    return MP_OBJ_FROM_PTR(self);
}

static mp_obj_t glyph_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_bitmap, ARG_tile_index, ARG_width, ARG_height, ARG_dx, ARG_dy, ARG_shift_x, ARG_shift_y };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_bitmap, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_tile_index, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_width, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_height, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_dx, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_dy, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_shift_x, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_shift_y, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 0} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    return glyph_new(args[ARG_bitmap].u_obj, args[ARG_tile_index].u_int, args[ARG_width].u_int,
        args[ARG_height].u_int, args[ARG_dx].u_int, args[ARG_dy].u_int, args[ARG_shift_x].u_int,
        args[ARG_shift_y].u_int);
}

static void glyph_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    if (dest[0] != MP_OBJ_NULL) {
        return; // read-only
    }
    rig_glyph_t *self = MP_OBJ_TO_PTR(self_in);
    switch (attr) {
        case MP_QSTR_bitmap:
            dest[0] = self->bitmap;
            break;
        case MP_QSTR_tile_index:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->tile_index);
            break;
        case MP_QSTR_width:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->width);
            break;
        case MP_QSTR_height:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->height);
            break;
        case MP_QSTR_dx:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->dx);
            break;
        case MP_QSTR_dy:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->dy);
            break;
        case MP_QSTR_shift_x:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->shift_x);
            break;
        case MP_QSTR_shift_y:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->shift_y);
            break;
    }
}

MP_DEFINE_CONST_OBJ_TYPE(
    rig_glyph_type, MP_QSTR_Glyph, MP_TYPE_FLAG_NONE,
    make_new, glyph_make_new,
    attr, glyph_attr
    );

// ----- fontio.BuiltinFont, terminalio.FONT ----------------------------------------------------

#define GLYPH_W (6)
#define GLYPH_H (12)
#define GLYPHS (95) // ' ' .. '~'
#define SHEET_STRIDE ((GLYPH_W * GLYPHS + 31) / 32)

static uint32_t font_pixels[SHEET_STRIDE * GLYPH_H];

rig_bitmap_t rig_terminal_font_bitmap = {
    .base = { &rig_bitmap_type },
    .width = GLYPH_W * GLYPHS,
    .height = GLYPH_H,
    .stride = SHEET_STRIDE,
    .bits_per_value = 1,
    .x_shift = 5,
    .x_mask = 31,
    .bitmask = 1,
    .read_only = true,
    .data = font_pixels,
};

typedef struct _rig_builtinfont_t {
    mp_obj_base_t base;
    const rig_bitmap_t *bitmap;
    mp_obj_t width;
    mp_obj_t height;
} rig_builtinfont_t;

static const rig_builtinfont_t terminal_font = {
    .base = { &rig_builtinfont_type },
    .bitmap = &rig_terminal_font_bitmap,
    .width = MP_ROM_INT(GLYPH_W),
    .height = MP_ROM_INT(GLYPH_H),
};

static mp_obj_t font_get_bounding_box(mp_obj_t self_in) {
    const rig_builtinfont_t *self = MP_OBJ_TO_PTR(self_in);
    mp_obj_t items[2] = { self->width, self->height };
    return mp_obj_new_tuple(2, items);
}
static MP_DEFINE_CONST_FUN_OBJ_1(font_get_bounding_box_obj, font_get_bounding_box);

static mp_obj_t font_get_glyph(mp_obj_t self_in, mp_obj_t codepoint) {
    const rig_builtinfont_t *self = MP_OBJ_TO_PTR(self_in);
    mp_int_t c = mp_obj_get_int(codepoint);
    if (c < 32 || c >= 32 + GLYPHS) {
        return mp_const_none;
    }
    return glyph_new(MP_OBJ_FROM_PTR(self->bitmap), c - 32, GLYPH_W, GLYPH_H, 0, 0, GLYPH_W, 0);
}
static MP_DEFINE_CONST_FUN_OBJ_2(font_get_glyph_obj, font_get_glyph);

static void font_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    if (dest[0] == MP_OBJ_NULL && attr == MP_QSTR_bitmap) {
        dest[0] = MP_OBJ_FROM_PTR(((const rig_builtinfont_t *)MP_OBJ_TO_PTR(self_in))->bitmap);
    } else if (dest[0] == MP_OBJ_NULL) {
        dest[1] = MP_OBJ_SENTINEL;
    }
}

static const mp_rom_map_elem_t font_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_get_bounding_box), MP_ROM_PTR(&font_get_bounding_box_obj) },
    { MP_ROM_QSTR(MP_QSTR_get_glyph), MP_ROM_PTR(&font_get_glyph_obj) },
};
static MP_DEFINE_CONST_DICT(font_locals, font_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_builtinfont_type, MP_QSTR_BuiltinFont, MP_TYPE_FLAG_NONE,
    attr, font_attr,
    locals_dict, &font_locals
    );

// ----- the modules ---------------------------------------------------------------------------

static const mp_rom_map_elem_t fontio_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_fontio) },
    { MP_ROM_QSTR(MP_QSTR_Glyph), MP_ROM_PTR(&rig_glyph_type) },
    { MP_ROM_QSTR(MP_QSTR_BuiltinFont), MP_ROM_PTR(&rig_builtinfont_type) },
};
static MP_DEFINE_CONST_DICT(fontio_globals, fontio_globals_table);

const mp_obj_module_t rig_fontio_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&fontio_globals,
};
MP_REGISTER_MODULE(MP_QSTR_fontio, rig_fontio_module);

static const mp_rom_map_elem_t terminalio_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_terminalio) },
    { MP_ROM_QSTR(MP_QSTR_FONT), MP_ROM_PTR(&terminal_font) },
};
static MP_DEFINE_CONST_DICT(terminalio_globals, terminalio_globals_table);

const mp_obj_module_t rig_terminalio_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&terminalio_globals,
};
MP_REGISTER_MODULE(MP_QSTR_terminalio, rig_terminalio_module);
