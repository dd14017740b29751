// displayio as C (board rig): Bitmap, Palette, TileGrid, Group and OnDiskBitmap with the
// API of tools/rig/stubs/displayio.py, each object allocating on the heap what
// CircuitPython's does (shared-module/displayio/*.h, 32-bit, in 16-byte blocks):
//
//   Bitmap        48 B (displayio_bitmap_t) + its pixels: stride * height words, stride =
//                 (width * bits + 31) // 32, bits the power of two >= log2(value_count)
//   Palette       32 B + 16 B a colour
//   TileGrid      96 B (displayio_tilegrid_t); more than 4 tiles (2 for a bitmap of more
//                 than 255 tiles) are a block of their own, a byte (two) a tile
//   Group         48 B (displayio_group_t) + its list (an mp list: 16 B + its items)
//   OnDiskBitmap  64 B + its Palette + a 600-byte block for the open file (FatFs's FIL)
//
// Nothing is drawn (there is no display), but the board's checks are made: a layer is in
// one group at most ("Layer already in a group"), a tile index must be within the bitmap,
// a tile size must divide the bitmap's. Bitmaps keep their pixels. Group and TileGrid (and
// Bitmap, Palette) can be subclassed from Python, super().__init__ with keywords included.

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "py/objlist.h"
#include "py/objtuple.h"
#include "py/runtime.h"

#include "rig.h"

#define FLAGS (MP_TYPE_FLAG_HAS_SPECIAL_ACCESSORS)

// ----- Bitmap --------------------------------------------------------------------------------

static uint8_t bits_for(uint32_t value_count) {
    // as common_hal_displayio_bitmap_construct's caller: 1, 2, 4, 8, then bytes
    uint32_t bits = 1;
    while ((value_count - 1) >> bits) {
        if (bits < 8) {
            bits <<= 1;
        } else {
            bits += 8;
        }
    }
    return bits;
}

static void bitmap_init(rig_bitmap_t *self, uint16_t width, uint16_t height, uint8_t bits) {
    self->width = width;
    self->height = height;
    self->bits_per_value = bits;
    self->stride = ((uint32_t)width * bits + 31) / 32;
    self->x_shift = 0;
    uint32_t power_of_two = 1;
    while (bits < 32 && power_of_two < 32u / bits) {
        self->x_shift++;
        power_of_two <<= 1;
    }
    self->x_mask = (1u << self->x_shift) - 1;
    self->bitmask = (uint16_t)((1u << bits) - 1);
}

uint32_t rig_bitmap_get(const rig_bitmap_t *self, int x, int y) {
    if (x < 0 || y < 0 || x >= self->width || y >= self->height || self->data == NULL) {
        return 0;
    }
    uint32_t row = y * self->stride;
    uint32_t bytes_per_value = self->bits_per_value / 8;
    if (bytes_per_value < 1) {
        uint32_t word = self->data[row + (x >> self->x_shift)];
        return (word >> (32 - ((x & self->x_mask) + 1) * self->bits_per_value)) & self->bitmask;
    }
    const uint8_t *bytes = (const uint8_t *)(self->data + row);
    if (bytes_per_value == 1) {
        return bytes[x];
    } else if (bytes_per_value == 2) {
        return ((const uint16_t *)bytes)[x];
    }
    return ((const uint32_t *)bytes)[x];
}

void rig_bitmap_set(rig_bitmap_t *self, int x, int y, uint32_t value) {
    if (x < 0 || y < 0 || x >= self->width || y >= self->height || self->data == NULL) {
        return;
    }
    uint32_t row = y * self->stride;
    uint32_t bytes_per_value = self->bits_per_value / 8;
    if (bytes_per_value < 1) {
        uint32_t bit = 32 - ((x & self->x_mask) + 1) * self->bits_per_value;
        uint32_t *word = &self->data[row + (x >> self->x_shift)];
        *word = (*word & ~((uint32_t)self->bitmask << bit)) | ((value & self->bitmask) << bit);
        return;
    }
    uint8_t *bytes = (uint8_t *)(self->data + row);
    if (bytes_per_value == 1) {
        bytes[x] = value;
    } else if (bytes_per_value == 2) {
        ((uint16_t *)bytes)[x] = value;
    } else {
        ((uint32_t *)bytes)[x] = value;
    }
}

static mp_obj_t bitmap_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 3, 3, false);
    mp_int_t width = rig_int_range(args[0], 0, 32767, MP_QSTR_width);
    mp_int_t height = rig_int_range(args[1], 0, 32767, MP_QSTR_height);
    mp_int_t value_count = rig_int_range(args[2], 1, 65536, MP_QSTR_value_count);
    rig_bitmap_t *self = mp_obj_malloc(rig_bitmap_t, &rig_bitmap_type);
    bitmap_init(self, width, height, bits_for(value_count));
    self->data = rig_block(self->stride * height * sizeof(uint32_t));
    return MP_OBJ_FROM_PTR(self);
}

static void bitmap_xy(rig_bitmap_t *self, mp_obj_t index, int *x, int *y) {
    if (mp_obj_is_type(index, &mp_type_tuple)) {
        size_t n;
        mp_obj_t *items;
        mp_obj_tuple_get(index, &n, &items);
        if (n != 2) {
            mp_raise_ValueError(MP_ERROR_TEXT("index must be (x, y)"));
        }
        *x = mp_obj_get_int(items[0]);
        *y = mp_obj_get_int(items[1]);
    } else {
        mp_int_t i = mp_obj_get_int(index);
        if (self->width == 0 || i < 0) {
            mp_raise_msg(&mp_type_IndexError, MP_ERROR_TEXT("pixel coordinates out of bounds"));
        }
        *x = i % self->width;
        *y = i / self->width;
    }
    if (*x < 0 || *y < 0 || *x >= self->width || *y >= self->height) {
        mp_raise_msg(&mp_type_IndexError, MP_ERROR_TEXT("pixel coordinates out of bounds"));
    }
}

static mp_obj_t bitmap_subscr(mp_obj_t self_in, mp_obj_t index, mp_obj_t value) {
    rig_bitmap_t *self = rig_native(self_in, &rig_bitmap_type);
    if (value == MP_OBJ_NULL) {
        return MP_OBJ_NULL; // no delete
    }
    int x, y;
    bitmap_xy(self, index, &x, &y);
    if (value == MP_OBJ_SENTINEL) {
        return MP_OBJ_NEW_SMALL_INT(rig_bitmap_get(self, x, y));
    }
    if (self->read_only) {
        mp_raise_TypeError(MP_ERROR_TEXT("read-only bitmap"));
    }
    mp_uint_t v = mp_obj_get_int(value);
    if (v >> self->bits_per_value) {
        mp_raise_ValueError(MP_ERROR_TEXT("pixel value requires too many bits"));
    }
    rig_bitmap_set(self, x, y, v);
    return mp_const_none;
}

static mp_obj_t bitmap_fill(mp_obj_t self_in, mp_obj_t value_in) {
    rig_bitmap_t *self = rig_native(self_in, &rig_bitmap_type);
    if (self->read_only) {
        mp_raise_TypeError(MP_ERROR_TEXT("read-only bitmap"));
    }
    mp_uint_t v = mp_obj_get_int(value_in);
    if (v >> self->bits_per_value) {
        mp_raise_ValueError(MP_ERROR_TEXT("pixel value requires too many bits"));
    }
    for (int y = 0; y < self->height; y++) {
        for (int x = 0; x < self->width; x++) {
            rig_bitmap_set(self, x, y, v);
        }
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(bitmap_fill_obj, bitmap_fill);

static mp_obj_t bitmap_get_width(mp_obj_t self_in) {
    return MP_OBJ_NEW_SMALL_INT(((rig_bitmap_t *)rig_native(self_in, &rig_bitmap_type))->width);
}
static MP_DEFINE_CONST_FUN_OBJ_1(bitmap_get_width_obj, bitmap_get_width);
RIG_PROPERTY_GETTER(bitmap_width_obj, &bitmap_get_width_obj);

static mp_obj_t bitmap_get_height(mp_obj_t self_in) {
    return MP_OBJ_NEW_SMALL_INT(((rig_bitmap_t *)rig_native(self_in, &rig_bitmap_type))->height);
}
static MP_DEFINE_CONST_FUN_OBJ_1(bitmap_get_height_obj, bitmap_get_height);
RIG_PROPERTY_GETTER(bitmap_height_obj, &bitmap_get_height_obj);

static mp_obj_t bitmap_get_bits(mp_obj_t self_in) {
    return MP_OBJ_NEW_SMALL_INT(((rig_bitmap_t *)rig_native(self_in, &rig_bitmap_type))->bits_per_value);
}
static MP_DEFINE_CONST_FUN_OBJ_1(bitmap_get_bits_obj, bitmap_get_bits);
RIG_PROPERTY_GETTER(bitmap_bits_obj, &bitmap_get_bits_obj);

static const mp_rom_map_elem_t bitmap_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_width), MP_ROM_PTR(&bitmap_width_obj) },
    { MP_ROM_QSTR(MP_QSTR_height), MP_ROM_PTR(&bitmap_height_obj) },
    { MP_ROM_QSTR(MP_QSTR_bits_per_value), MP_ROM_PTR(&bitmap_bits_obj) },
    { MP_ROM_QSTR(MP_QSTR_fill), MP_ROM_PTR(&bitmap_fill_obj) },
};
static MP_DEFINE_CONST_DICT(bitmap_locals, bitmap_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_bitmap_type, MP_QSTR_Bitmap, FLAGS,
    make_new, bitmap_make_new,
    attr, rig_attr,
    subscr, bitmap_subscr,
    locals_dict, &bitmap_locals
    );

// ----- Palette -------------------------------------------------------------------------------

mp_obj_t rig_palette_new(size_t color_count) {
    rig_palette_t *self = mp_obj_malloc(rig_palette_t, &rig_palette_type);
    self->color_count = color_count;
    self->colors = rig_block(color_count * sizeof(rig_color_t));
    return MP_OBJ_FROM_PTR(self);
}

static mp_obj_t palette_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_color_count, ARG_dither };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_color_count, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_dither, MP_ARG_KW_ONLY | MP_ARG_BOOL, {.u_bool = false} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    mp_int_t n = rig_int_range(args[ARG_color_count].u_obj, 1, 32767, MP_QSTR_color_count);
    rig_palette_t *self = MP_OBJ_TO_PTR(rig_palette_new(n));
    self->dither = args[ARG_dither].u_bool;
    return MP_OBJ_FROM_PTR(self);
}

static size_t palette_index(rig_palette_t *self, mp_obj_t index) {
    return mp_get_index(&rig_palette_type, self->color_count, index, false);
}

static mp_obj_t palette_subscr(mp_obj_t self_in, mp_obj_t index, mp_obj_t value) {
    rig_palette_t *self = rig_native(self_in, &rig_palette_type);
    if (value == MP_OBJ_NULL) {
        return MP_OBJ_NULL;
    }
    size_t i = palette_index(self, index);
    if (value == MP_OBJ_SENTINEL) {
        return mp_obj_new_int_from_uint(self->colors[i].rgb888);
    }
    mp_uint_t c;
    mp_buffer_info_t buf;
    if (mp_obj_is_int(value)) {
        c = mp_obj_get_int_truncated(value);
        if (c > 0xffffff) {
            mp_raise_ValueError(MP_ERROR_TEXT("color must be between 0x000000 and 0xffffff"));
        }
    } else if (mp_get_buffer(value, &buf, MP_BUFFER_READ) && buf.len >= 3) {
        const uint8_t *b = buf.buf;
        c = (b[0] << 16) | (b[1] << 8) | b[2];
    } else {
        mp_raise_TypeError(MP_ERROR_TEXT("color buffer must be a buffer or int"));
    }
    self->colors[i].rgb888 = c;
    self->colors[i].cached_colorspace = 0; // as the board: the cached colour is stale now
    self->needs_refresh = true;
    return mp_const_none;
}

static mp_obj_t palette_unary_op(mp_unary_op_t op, mp_obj_t self_in) {
    rig_palette_t *self = rig_native(self_in, &rig_palette_type);
    switch (op) {
        case MP_UNARY_OP_BOOL:
            return mp_const_true;
        case MP_UNARY_OP_LEN:
            return MP_OBJ_NEW_SMALL_INT(self->color_count);
        default:
            return MP_OBJ_NULL;
    }
}

static mp_obj_t palette_make_transparent(mp_obj_t self_in, mp_obj_t index) {
    rig_palette_t *self = rig_native(self_in, &rig_palette_type);
    self->colors[palette_index(self, index)].transparent = true;
    self->needs_refresh = true;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(palette_make_transparent_obj, palette_make_transparent);

static mp_obj_t palette_make_opaque(mp_obj_t self_in, mp_obj_t index) {
    rig_palette_t *self = rig_native(self_in, &rig_palette_type);
    self->colors[palette_index(self, index)].transparent = false;
    self->needs_refresh = true;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(palette_make_opaque_obj, palette_make_opaque);

static mp_obj_t palette_is_transparent(mp_obj_t self_in, mp_obj_t index) {
    rig_palette_t *self = rig_native(self_in, &rig_palette_type);
    return mp_obj_new_bool(self->colors[palette_index(self, index)].transparent);
}
static MP_DEFINE_CONST_FUN_OBJ_2(palette_is_transparent_obj, palette_is_transparent);

static mp_obj_t palette_get_dither(mp_obj_t self_in) {
    return mp_obj_new_bool(((rig_palette_t *)rig_native(self_in, &rig_palette_type))->dither);
}
static MP_DEFINE_CONST_FUN_OBJ_1(palette_get_dither_obj, palette_get_dither);
static mp_obj_t palette_set_dither(mp_obj_t self_in, mp_obj_t value) {
    ((rig_palette_t *)rig_native(self_in, &rig_palette_type))->dither = mp_obj_is_true(value);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(palette_set_dither_obj, palette_set_dither);
RIG_PROPERTY_GETSET(palette_dither_obj, &palette_get_dither_obj, &palette_set_dither_obj);

static const mp_rom_map_elem_t palette_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_dither), MP_ROM_PTR(&palette_dither_obj) },
    { MP_ROM_QSTR(MP_QSTR_make_transparent), MP_ROM_PTR(&palette_make_transparent_obj) },
    { MP_ROM_QSTR(MP_QSTR_make_opaque), MP_ROM_PTR(&palette_make_opaque_obj) },
    { MP_ROM_QSTR(MP_QSTR_is_transparent), MP_ROM_PTR(&palette_is_transparent_obj) },
};
static MP_DEFINE_CONST_DICT(palette_locals, palette_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_palette_type, MP_QSTR_Palette, FLAGS,
    make_new, palette_make_new,
    attr, rig_attr,
    subscr, palette_subscr,
    unary_op, palette_unary_op,
    locals_dict, &palette_locals
    );

// ----- OnDiskBitmap ------------------------------------------------------------------------

// displayio_ondiskbitmap_t, padded to its 64-byte block
typedef struct _rig_ondiskbitmap_t {
    mp_obj_base_t base;
    uint16_t width;
    uint16_t height;
    uint16_t data_offset;
    uint16_t stride;
    uint32_t r_bitmask, g_bitmask, b_bitmask;
    void *file; // the open file: a block the size of CircuitPython's FatFs file object
    mp_obj_t pixel_shader;
    uint8_t bits_per_pixel;
    bool bitfield_compressed;
    uint8_t reserved[26];
} rig_ondiskbitmap_t;

#define FILE_OBJECT_BYTES (600)

static uint32_t le(const uint8_t *p, int n) {
    uint32_t v = 0;
    for (int i = n - 1; i >= 0; i--) {
        v = (v << 8) | p[i];
    }
    return v;
}

static mp_obj_t ondiskbitmap_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 1, 1, false);
    if (!mp_obj_is_str(args[0])) {
        // a file object would do on the board; the app passes the path
        mp_raise_TypeError(MP_ERROR_TEXT("the rig's OnDiskBitmap takes a path"));
    }
    const char *path = mp_obj_str_get_str(args[0]);
    // the file, opened as the board does first (open(path, "rb")): its object on the heap
    void *file = rig_block(FILE_OBJECT_BYTES);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        mp_raise_OSError_with_filename(errno, path);
    }
    uint8_t head[138];
    memset(head, 0, sizeof(head));
    ssize_t got = read(fd, head, sizeof(head));
    if (got < 54 || head[0] != 'B' || head[1] != 'M') {
        close(fd);
        mp_raise_ValueError(MP_ERROR_TEXT("Invalid BMP file"));
    }
    rig_ondiskbitmap_t *self = mp_obj_malloc(rig_ondiskbitmap_t, &rig_ondiskbitmap_type);
    self->file = file;
    uint32_t header_size = le(head + 14, 4);
    int32_t height = (int32_t)le(head + 22, 4);
    self->data_offset = le(head + 10, 4);
    self->width = le(head + 18, 4);
    self->height = height < 0 ? -height : height;
    self->bits_per_pixel = le(head + 28, 2);
    uint32_t compression = le(head + 30, 4);
    uint32_t colors = le(head + 46, 4);
    self->bitfield_compressed = compression == 3;
    self->stride = ((self->width * self->bits_per_pixel + 31) / 32) * 4;
    if (self->bits_per_pixel > 8) {
        close(fd);
        // ColorConverter on the board: not in the rig (the app's sprites have a palette)
        mp_raise_NotImplementedError(MP_ERROR_TEXT("the rig's OnDiskBitmap needs <= 8 bits a pixel"));
    }
    if (colors == 0) {
        colors = 1u << self->bits_per_pixel;
    }
    rig_palette_t *palette = MP_OBJ_TO_PTR(rig_palette_new(colors));
    self->pixel_shader = MP_OBJ_FROM_PTR(palette);
    // the colours from the file, read as on the board into the C stack
    uint8_t entry[4];
    if (lseek(fd, 14 + header_size, SEEK_SET) >= 0) {
        for (uint32_t i = 0; i < colors; i++) {
            if (read(fd, entry, 4) != 4) {
                break;
            }
            palette->colors[i].rgb888 = (entry[2] << 16) | (entry[1] << 8) | entry[0];
        }
    }
    close(fd); // the board keeps it open; nothing is read from it here
    return MP_OBJ_FROM_PTR(self);
}

static rig_ondiskbitmap_t *odb(mp_obj_t self_in) {
    return rig_native(self_in, &rig_ondiskbitmap_type);
}

static mp_obj_t ondiskbitmap_get_width(mp_obj_t self_in) {
    return MP_OBJ_NEW_SMALL_INT(odb(self_in)->width);
}
static MP_DEFINE_CONST_FUN_OBJ_1(ondiskbitmap_get_width_obj, ondiskbitmap_get_width);
RIG_PROPERTY_GETTER(ondiskbitmap_width_obj, &ondiskbitmap_get_width_obj);

static mp_obj_t ondiskbitmap_get_height(mp_obj_t self_in) {
    return MP_OBJ_NEW_SMALL_INT(odb(self_in)->height);
}
static MP_DEFINE_CONST_FUN_OBJ_1(ondiskbitmap_get_height_obj, ondiskbitmap_get_height);
RIG_PROPERTY_GETTER(ondiskbitmap_height_obj, &ondiskbitmap_get_height_obj);

static mp_obj_t ondiskbitmap_get_pixel_shader(mp_obj_t self_in) {
    return odb(self_in)->pixel_shader;
}
static MP_DEFINE_CONST_FUN_OBJ_1(ondiskbitmap_get_pixel_shader_obj, ondiskbitmap_get_pixel_shader);
RIG_PROPERTY_GETTER(ondiskbitmap_pixel_shader_obj, &ondiskbitmap_get_pixel_shader_obj);

static const mp_rom_map_elem_t ondiskbitmap_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_width), MP_ROM_PTR(&ondiskbitmap_width_obj) },
    { MP_ROM_QSTR(MP_QSTR_height), MP_ROM_PTR(&ondiskbitmap_height_obj) },
    { MP_ROM_QSTR(MP_QSTR_pixel_shader), MP_ROM_PTR(&ondiskbitmap_pixel_shader_obj) },
};
static MP_DEFINE_CONST_DICT(ondiskbitmap_locals, ondiskbitmap_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_ondiskbitmap_type, MP_QSTR_OnDiskBitmap, FLAGS,
    make_new, ondiskbitmap_make_new,
    attr, rig_attr,
    locals_dict, &ondiskbitmap_locals
    );

_Static_assert(sizeof(rig_bitmap_t) > 32 && sizeof(rig_bitmap_t) <= 48, "Bitmap: 48 B");
_Static_assert(sizeof(rig_palette_t) > 16 && sizeof(rig_palette_t) <= 32, "Palette: 32 B");
_Static_assert(sizeof(rig_color_t) == 16, "a colour: 16 B");
_Static_assert(sizeof(rig_ondiskbitmap_t) > 48 && sizeof(rig_ondiskbitmap_t) <= 64, "OnDiskBitmap: 64 B");

// ----- TileGrid ------------------------------------------------------------------------------

// displayio_tilegrid_t: 88 bytes, a 96-byte block
typedef struct _rig_tilegrid_t {
    mp_obj_base_t base;
    mp_obj_t bitmap;
    mp_obj_t pixel_shader;
    int16_t x;
    int16_t y;
    uint16_t pixel_width;
    uint16_t pixel_height;
    uint16_t bitmap_width_in_tiles;
    uint16_t tiles_in_bitmap;
    uint16_t width_in_tiles;
    uint16_t height_in_tiles;
    uint16_t tile_width;
    uint16_t tile_height;
    uint16_t top_left_x;
    uint16_t top_left_y;
    uint8_t *tiles; // or the tiles themselves, when they fit in the pointer
    bool *inverts;
    const void *absolute_transform;
    rig_area_t dirty_area;
    rig_area_t previous_area;
    rig_area_t current_area;
    bool partial_change : 1;
    bool full_change : 1;
    bool moved : 1;
    bool inline_tiles : 1;
    bool in_group : 1;
    bool flip_x : 1;
    bool flip_y : 1;
    bool transpose_xy : 1;
    bool hidden : 1;
    bool hidden_by_parent : 1;
    bool rendered_hidden : 1;
    uint8_t padding : 5;
} rig_tilegrid_t;

// the size (width, height) of what a TileGrid shows: a Bitmap (or subclass) or OnDiskBitmap
static bool source_size(mp_obj_t bitmap, uint16_t *w, uint16_t *h) {
    mp_obj_t native = mp_obj_cast_to_native_base(bitmap, MP_OBJ_FROM_PTR(&rig_bitmap_type));
    if (native != MP_OBJ_NULL && mp_obj_is_type(native, &rig_bitmap_type)) {
        rig_bitmap_t *b = MP_OBJ_TO_PTR(native);
        *w = b->width;
        *h = b->height;
        return true;
    }
    if (mp_obj_is_type(bitmap, &rig_ondiskbitmap_type)) {
        rig_ondiskbitmap_t *b = MP_OBJ_TO_PTR(bitmap);
        *w = b->width;
        *h = b->height;
        return true;
    }
    return false;
}

static void check_pixel_shader(mp_obj_t shader) {
    mp_obj_t native = mp_obj_cast_to_native_base(shader, MP_OBJ_FROM_PTR(&rig_palette_type));
    if (native == MP_OBJ_NULL || !mp_obj_is_type(native, &rig_palette_type)) {
        mp_raise_msg_varg(&mp_type_TypeError, MP_ERROR_TEXT("unsupported %q type"),
            MP_QSTR_pixel_shader);
    }
}

static uint8_t *tiles_of(rig_tilegrid_t *self) {
    return self->inline_tiles ? (uint8_t *)&self->tiles : self->tiles;
}

static mp_obj_t tilegrid_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_bitmap, ARG_pixel_shader, ARG_width, ARG_height, ARG_tile_width, ARG_tile_height,
           ARG_default_tile, ARG_x, ARG_y };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_bitmap, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_pixel_shader, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_width, MP_ARG_INT, {.u_int = 1} },
        { MP_QSTR_height, MP_ARG_INT, {.u_int = 1} },
        { MP_QSTR_tile_width, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_tile_height, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_default_tile, MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_x, MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_y, MP_ARG_INT, {.u_int = 0} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);

    mp_obj_t bitmap = args[ARG_bitmap].u_obj;
    uint16_t bw, bh;
    if (!source_size(bitmap, &bw, &bh)) {
        mp_raise_msg_varg(&mp_type_TypeError, MP_ERROR_TEXT("unsupported %q type"), MP_QSTR_bitmap);
    }
    mp_obj_t shader = args[ARG_pixel_shader].u_obj;
    check_pixel_shader(shader);
    mp_int_t tw = args[ARG_tile_width].u_obj == mp_const_none ? bw
        : rig_int_range(args[ARG_tile_width].u_obj, 1, 65535, MP_QSTR_tile_width);
    mp_int_t th = args[ARG_tile_height].u_obj == mp_const_none ? bh
        : rig_int_range(args[ARG_tile_height].u_obj, 1, 65535, MP_QSTR_tile_height);
    if (tw == 0 || bw % tw != 0) {
        mp_raise_ValueError(MP_ERROR_TEXT("Tile width must exactly divide bitmap width"));
    }
    if (th == 0 || bh % th != 0) {
        mp_raise_ValueError(MP_ERROR_TEXT("Tile height must exactly divide bitmap height"));
    }
    mp_int_t width = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_width].u_int), 1, 65535, MP_QSTR_width);
    mp_int_t height = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_height].u_int), 1, 65535, MP_QSTR_height);
    mp_int_t default_tile = args[ARG_default_tile].u_int;

    rig_tilegrid_t *self = mp_obj_malloc(rig_tilegrid_t, &rig_tilegrid_type);
    self->bitmap_width_in_tiles = bw / tw;
    self->tiles_in_bitmap = (bw / tw) * (bh / th);
    bool use_uint16 = self->tiles_in_bitmap > 255;
    uint32_t total = (uint32_t)width * (uint32_t)height;
    uint32_t inline_tiles = sizeof(void *) / (use_uint16 ? 2 : 1);
    if (total <= inline_tiles) {
        self->tiles = NULL;
        self->inline_tiles = true;
    } else {
        self->tiles = rig_block(total * (use_uint16 ? 2 : 1));
        self->inline_tiles = false;
    }
    uint8_t *tiles = tiles_of(self);
    for (uint32_t i = 0; i < total; i++) {
        if (use_uint16) {
            ((uint16_t *)tiles)[i] = default_tile;
        } else {
            tiles[i] = default_tile;
        }
    }
    self->width_in_tiles = width;
    self->height_in_tiles = height;
    self->x = args[ARG_x].u_int;
    self->y = args[ARG_y].u_int;
    self->pixel_width = width * tw;
    self->pixel_height = height * th;
    self->tile_width = tw;
    self->tile_height = th;
    self->bitmap = bitmap;
    self->pixel_shader = shader;
    self->previous_area.x1 = 0xffff;
    self->previous_area.x2 = self->previous_area.x1;
    return MP_OBJ_FROM_PTR(self);
}

_Static_assert(sizeof(rig_tilegrid_t) > 80 && sizeof(rig_tilegrid_t) <= 96, "TileGrid: 96 B");

static rig_tilegrid_t *tg(mp_obj_t self_in) {
    return rig_native(self_in, &rig_tilegrid_type);
}

static mp_obj_t tilegrid_subscr(mp_obj_t self_in, mp_obj_t index, mp_obj_t value) {
    rig_tilegrid_t *self = tg(self_in);
    if (value == MP_OBJ_NULL) {
        return MP_OBJ_NULL;
    }
    if (mp_obj_is_type(index, &mp_type_slice)) {
        mp_raise_NotImplementedError(MP_ERROR_TEXT("Slices not supported"));
    }
    mp_int_t x, y;
    if (mp_obj_is_small_int(index)) {
        mp_int_t i = MP_OBJ_SMALL_INT_VALUE(index);
        x = i % self->width_in_tiles;
        y = i / self->width_in_tiles;
        if (i < 0) {
            y = self->height_in_tiles; // out of bounds
        }
    } else {
        size_t n;
        mp_obj_t *items;
        mp_obj_get_array(index, &n, &items);
        if (n != 2) {
            mp_raise_ValueError(MP_ERROR_TEXT("index must be (x, y)"));
        }
        x = mp_obj_get_int(items[0]);
        y = mp_obj_get_int(items[1]);
    }
    if (x < 0 || y < 0 || x >= self->width_in_tiles || y >= self->height_in_tiles) {
        mp_raise_msg(&mp_type_IndexError, MP_ERROR_TEXT("Tile index out of bounds"));
    }
    uint32_t at = y * self->width_in_tiles + x;
    uint8_t *tiles = tiles_of(self);
    bool wide = self->tiles_in_bitmap > 255;
    if (value == MP_OBJ_SENTINEL) {
        return MP_OBJ_NEW_SMALL_INT(wide ? ((uint16_t *)tiles)[at] : tiles[at]);
    }
    mp_int_t tile = rig_int_range(value, 0, wide ? 65535 : 255, MP_QSTR_tile);
    if (tile >= self->tiles_in_bitmap) {
        mp_raise_ValueError(MP_ERROR_TEXT("Tile index out of bounds"));
    }
    if (wide) {
        ((uint16_t *)tiles)[at] = tile;
    } else {
        tiles[at] = tile;
    }
    self->partial_change = true;
    return mp_const_none;
}

#define TG_INT_GETTER(field) \
    static mp_obj_t tilegrid_get_##field(mp_obj_t self_in) { \
        return MP_OBJ_NEW_SMALL_INT(tg(self_in)->field); \
    } \
    static MP_DEFINE_CONST_FUN_OBJ_1(tilegrid_get_##field##_obj, tilegrid_get_##field);

#define TG_BOOL_PROPERTY(field) \
    static mp_obj_t tilegrid_get_##field(mp_obj_t self_in) { \
        return mp_obj_new_bool(tg(self_in)->field); \
    } \
    static MP_DEFINE_CONST_FUN_OBJ_1(tilegrid_get_##field##_obj, tilegrid_get_##field); \
    static mp_obj_t tilegrid_set_##field(mp_obj_t self_in, mp_obj_t value) { \
        rig_tilegrid_t *self = tg(self_in); \
        self->field = mp_obj_is_true(value); \
        self->full_change = true; \
        return mp_const_none; \
    } \
    static MP_DEFINE_CONST_FUN_OBJ_2(tilegrid_set_##field##_obj, tilegrid_set_##field); \
    RIG_PROPERTY_GETSET(tilegrid_##field##_obj, &tilegrid_get_##field##_obj, &tilegrid_set_##field##_obj);

TG_INT_GETTER(x)
static mp_obj_t tilegrid_set_x(mp_obj_t self_in, mp_obj_t value) {
    rig_tilegrid_t *self = tg(self_in);
    self->x = mp_obj_get_int(value);
    self->moved = true;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(tilegrid_set_x_obj, tilegrid_set_x);
RIG_PROPERTY_GETSET(tilegrid_x_obj, &tilegrid_get_x_obj, &tilegrid_set_x_obj);

TG_INT_GETTER(y)
static mp_obj_t tilegrid_set_y(mp_obj_t self_in, mp_obj_t value) {
    rig_tilegrid_t *self = tg(self_in);
    self->y = mp_obj_get_int(value);
    self->moved = true;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(tilegrid_set_y_obj, tilegrid_set_y);
RIG_PROPERTY_GETSET(tilegrid_y_obj, &tilegrid_get_y_obj, &tilegrid_set_y_obj);

TG_INT_GETTER(width_in_tiles)
RIG_PROPERTY_GETTER(tilegrid_width_obj, &tilegrid_get_width_in_tiles_obj);
TG_INT_GETTER(height_in_tiles)
RIG_PROPERTY_GETTER(tilegrid_height_obj, &tilegrid_get_height_in_tiles_obj);
TG_INT_GETTER(tile_width)
RIG_PROPERTY_GETTER(tilegrid_tile_width_obj, &tilegrid_get_tile_width_obj);
TG_INT_GETTER(tile_height)
RIG_PROPERTY_GETTER(tilegrid_tile_height_obj, &tilegrid_get_tile_height_obj);

TG_BOOL_PROPERTY(hidden)
TG_BOOL_PROPERTY(flip_x)
TG_BOOL_PROPERTY(flip_y)
TG_BOOL_PROPERTY(transpose_xy)

static mp_obj_t tilegrid_get_pixel_shader(mp_obj_t self_in) {
    return tg(self_in)->pixel_shader;
}
static MP_DEFINE_CONST_FUN_OBJ_1(tilegrid_get_pixel_shader_obj, tilegrid_get_pixel_shader);
static mp_obj_t tilegrid_set_pixel_shader(mp_obj_t self_in, mp_obj_t value) {
    rig_tilegrid_t *self = tg(self_in);
    check_pixel_shader(value);
    self->pixel_shader = value;
    self->full_change = true;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(tilegrid_set_pixel_shader_obj, tilegrid_set_pixel_shader);
RIG_PROPERTY_GETSET(tilegrid_pixel_shader_obj, &tilegrid_get_pixel_shader_obj, &tilegrid_set_pixel_shader_obj);

static mp_obj_t tilegrid_get_bitmap(mp_obj_t self_in) {
    return tg(self_in)->bitmap;
}
static MP_DEFINE_CONST_FUN_OBJ_1(tilegrid_get_bitmap_obj, tilegrid_get_bitmap);
static mp_obj_t tilegrid_set_bitmap(mp_obj_t self_in, mp_obj_t value) {
    rig_tilegrid_t *self = tg(self_in);
    uint16_t w, h, ow, oh;
    if (!source_size(value, &w, &h)) {
        mp_raise_msg_varg(&mp_type_TypeError, MP_ERROR_TEXT("unsupported %q type"), MP_QSTR_bitmap);
    }
    source_size(self->bitmap, &ow, &oh);
    if (w != ow || h != oh) {
        mp_raise_ValueError(MP_ERROR_TEXT("New bitmap must be same size as old bitmap"));
    }
    self->bitmap = value;
    self->full_change = true;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(tilegrid_set_bitmap_obj, tilegrid_set_bitmap);
RIG_PROPERTY_GETSET(tilegrid_bitmap_obj, &tilegrid_get_bitmap_obj, &tilegrid_set_bitmap_obj);

static const mp_rom_map_elem_t tilegrid_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_hidden), MP_ROM_PTR(&tilegrid_hidden_obj) },
    { MP_ROM_QSTR(MP_QSTR_x), MP_ROM_PTR(&tilegrid_x_obj) },
    { MP_ROM_QSTR(MP_QSTR_y), MP_ROM_PTR(&tilegrid_y_obj) },
    { MP_ROM_QSTR(MP_QSTR_width), MP_ROM_PTR(&tilegrid_width_obj) },
    { MP_ROM_QSTR(MP_QSTR_height), MP_ROM_PTR(&tilegrid_height_obj) },
    { MP_ROM_QSTR(MP_QSTR_tile_width), MP_ROM_PTR(&tilegrid_tile_width_obj) },
    { MP_ROM_QSTR(MP_QSTR_tile_height), MP_ROM_PTR(&tilegrid_tile_height_obj) },
    { MP_ROM_QSTR(MP_QSTR_flip_x), MP_ROM_PTR(&tilegrid_flip_x_obj) },
    { MP_ROM_QSTR(MP_QSTR_flip_y), MP_ROM_PTR(&tilegrid_flip_y_obj) },
    { MP_ROM_QSTR(MP_QSTR_transpose_xy), MP_ROM_PTR(&tilegrid_transpose_xy_obj) },
    { MP_ROM_QSTR(MP_QSTR_pixel_shader), MP_ROM_PTR(&tilegrid_pixel_shader_obj) },
    { MP_ROM_QSTR(MP_QSTR_bitmap), MP_ROM_PTR(&tilegrid_bitmap_obj) },
};
static MP_DEFINE_CONST_DICT(tilegrid_locals, tilegrid_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_tilegrid_type, MP_QSTR_TileGrid, FLAGS,
    make_new, tilegrid_make_new,
    attr, rig_attr,
    subscr, tilegrid_subscr,
    locals_dict, &tilegrid_locals
    );

// ----- Group ---------------------------------------------------------------------------------

// displayio_buffer_transform_t
typedef struct _rig_transform_t {
    int16_t x, y;
    int8_t dx, dy;
    uint8_t scale;
    uint16_t width, height;
    bool mirror_x, mirror_y, transpose_xy;
} rig_transform_t;

// displayio_group_t: 44 bytes, a 48-byte block; its layers in an mp list
typedef struct _rig_group_t {
    mp_obj_base_t base;
    mp_obj_list_t *members;
    rig_transform_t absolute_transform;
    rig_area_t dirty_area;
    int16_t x;
    int16_t y;
    uint16_t scale;
    bool item_removed : 1;
    bool in_group : 1;
    bool hidden : 1;
    bool hidden_by_parent : 1;
    uint8_t padding : 4;
} rig_group_t;

_Static_assert(sizeof(rig_group_t) > 32 && sizeof(rig_group_t) <= 48, "Group: 48 B");

static rig_group_t *grp(mp_obj_t self_in) {
    return rig_native(self_in, &rig_group_type);
}

static mp_obj_t group_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_scale, ARG_x, ARG_y };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_scale, MP_ARG_INT, {.u_int = 1} },
        { MP_QSTR_x, MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_y, MP_ARG_INT, {.u_int = 0} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    mp_int_t scale = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_scale].u_int), 1, 32767, MP_QSTR_scale);
    rig_group_t *self = mp_obj_malloc(rig_group_t, &rig_group_type);
    self->x = args[ARG_x].u_int;
    self->y = args[ARG_y].u_int;
    self->scale = scale;
    self->members = MP_OBJ_TO_PTR(mp_obj_new_list(0, NULL));
    return MP_OBJ_FROM_PTR(self);
}

// A layer joins a group: a TileGrid or Group in none yet, or a vectorio shape.
static void add_layer(rig_group_t *self, mp_obj_t layer) {
    mp_obj_t native = mp_obj_cast_to_native_base(layer, MP_OBJ_FROM_PTR(&rig_tilegrid_type));
    if (native != MP_OBJ_NULL && mp_obj_is_type(native, &rig_tilegrid_type)) {
        rig_tilegrid_t *t = MP_OBJ_TO_PTR(native);
        if (t->in_group) {
            mp_raise_ValueError(MP_ERROR_TEXT("Layer already in a group"));
        }
        t->in_group = true;
        return;
    }
    native = mp_obj_cast_to_native_base(layer, MP_OBJ_FROM_PTR(&rig_group_type));
    if (native != MP_OBJ_NULL && mp_obj_is_type(native, &rig_group_type)) {
        rig_group_t *g = MP_OBJ_TO_PTR(native);
        if (g->in_group) {
            mp_raise_ValueError(MP_ERROR_TEXT("Layer already in a group"));
        }
        g->in_group = true;
        return;
    }
    if (mp_obj_is_type(layer, &rig_rectangle_type)) {
        return;
    }
    mp_raise_ValueError(MP_ERROR_TEXT("Layer must be a Group or TileGrid subclass"));
}

static void remove_layer(mp_obj_t layer) {
    mp_obj_t native = mp_obj_cast_to_native_base(layer, MP_OBJ_FROM_PTR(&rig_tilegrid_type));
    if (native != MP_OBJ_NULL && mp_obj_is_type(native, &rig_tilegrid_type)) {
        ((rig_tilegrid_t *)MP_OBJ_TO_PTR(native))->in_group = false;
        return;
    }
    native = mp_obj_cast_to_native_base(layer, MP_OBJ_FROM_PTR(&rig_group_type));
    if (native != MP_OBJ_NULL && mp_obj_is_type(native, &rig_group_type)) {
        ((rig_group_t *)MP_OBJ_TO_PTR(native))->in_group = false;
    }
}

// for board.DISPLAY.root_group (mod_board.c): a Group shown is "in a group" too
bool rig_group_take(mp_obj_t group) {
    rig_group_t *g = grp(group);
    if (g->in_group) {
        return false;
    }
    g->in_group = true;
    return true;
}

void rig_group_release(mp_obj_t group) {
    grp(group)->in_group = false;
}

static mp_obj_t list_call(mp_obj_t list, qstr method, size_t n_args, mp_obj_t a, mp_obj_t b) {
    mp_obj_t dest[4];
    mp_load_method(list, method, dest);
    dest[2] = a;
    dest[3] = b;
    return mp_call_method_n_kw(n_args, 0, dest);
}

static mp_obj_t group_append(mp_obj_t self_in, mp_obj_t layer) {
    rig_group_t *self = grp(self_in);
    add_layer(self, layer);
    mp_obj_list_append(MP_OBJ_FROM_PTR(self->members), layer);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(group_append_obj, group_append);

static mp_obj_t group_insert(mp_obj_t self_in, mp_obj_t index, mp_obj_t layer) {
    rig_group_t *self = grp(self_in);
    if (mp_obj_get_int(index) == (mp_int_t)self->members->len) {
        return group_append(self_in, layer);
    }
    size_t i = mp_get_index(&rig_group_type, self->members->len, index, false);
    add_layer(self, layer);
    list_call(MP_OBJ_FROM_PTR(self->members), MP_QSTR_insert, 2, MP_OBJ_NEW_SMALL_INT(i), layer);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(group_insert_obj, group_insert);

static mp_int_t group_find(rig_group_t *self, mp_obj_t layer) {
    for (size_t i = 0; i < self->members->len; i++) {
        if (self->members->items[i] == layer) {
            return i;
        }
    }
    return -1;
}

static mp_obj_t group_index(mp_obj_t self_in, mp_obj_t layer) {
    mp_int_t i = group_find(grp(self_in), layer);
    if (i < 0) {
        mp_raise_ValueError(MP_ERROR_TEXT("object not in sequence"));
    }
    return MP_OBJ_NEW_SMALL_INT(i);
}
static MP_DEFINE_CONST_FUN_OBJ_2(group_index_obj, group_index);

static mp_obj_t group_pop_at(rig_group_t *self, size_t i) {
    mp_obj_t layer = self->members->items[i];
    remove_layer(layer);
    self->item_removed = true;
    return list_call(MP_OBJ_FROM_PTR(self->members), MP_QSTR_pop, 1, MP_OBJ_NEW_SMALL_INT(i), MP_OBJ_NULL);
}

static mp_obj_t group_pop(size_t n_args, const mp_obj_t *args) {
    rig_group_t *self = grp(args[0]);
    size_t i = mp_get_index(&rig_group_type, self->members->len,
        n_args > 1 ? args[1] : MP_OBJ_NEW_SMALL_INT(-1), false);
    return group_pop_at(self, i);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(group_pop_obj, 1, 2, group_pop);

static mp_obj_t group_remove(mp_obj_t self_in, mp_obj_t layer) {
    rig_group_t *self = grp(self_in);
    mp_int_t i = group_find(self, layer);
    if (i < 0) {
        mp_raise_ValueError(MP_ERROR_TEXT("object not in sequence"));
    }
    group_pop_at(self, i);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(group_remove_obj, group_remove);

static mp_obj_t group_subscr(mp_obj_t self_in, mp_obj_t index, mp_obj_t value) {
    rig_group_t *self = grp(self_in);
    if (mp_obj_is_type(index, &mp_type_slice)) {
        mp_raise_NotImplementedError(MP_ERROR_TEXT("Slices not supported"));
    }
    size_t i = mp_get_index(&rig_group_type, self->members->len, index, false);
    if (value == MP_OBJ_SENTINEL) {
        return self->members->items[i];
    } else if (value == MP_OBJ_NULL) {
        group_pop_at(self, i);
    } else {
        remove_layer(self->members->items[i]);
        add_layer(self, value);
        self->members->items[i] = value;
    }
    return mp_const_none;
}

static mp_obj_t group_unary_op(mp_unary_op_t op, mp_obj_t self_in) {
    rig_group_t *self = grp(self_in);
    switch (op) {
        case MP_UNARY_OP_BOOL:
            return mp_obj_new_bool(self->members->len != 0);
        case MP_UNARY_OP_LEN:
            return MP_OBJ_NEW_SMALL_INT(self->members->len);
        default:
            return MP_OBJ_NULL;
    }
}

static mp_obj_t group_getiter(mp_obj_t self_in, mp_obj_iter_buf_t *iter_buf) {
    return mp_getiter(MP_OBJ_FROM_PTR(grp(self_in)->members), iter_buf);
}

#define GROUP_INT_PROPERTY(field, lo, hi) \
    static mp_obj_t group_get_##field(mp_obj_t self_in) { \
        return MP_OBJ_NEW_SMALL_INT(grp(self_in)->field); \
    } \
    static MP_DEFINE_CONST_FUN_OBJ_1(group_get_##field##_obj, group_get_##field); \
    static mp_obj_t group_set_##field(mp_obj_t self_in, mp_obj_t value) { \
        grp(self_in)->field = rig_int_range(value, lo, hi, MP_QSTR_##field); \
        return mp_const_none; \
    } \
    static MP_DEFINE_CONST_FUN_OBJ_2(group_set_##field##_obj, group_set_##field); \
    RIG_PROPERTY_GETSET(group_##field##_obj, &group_get_##field##_obj, &group_set_##field##_obj);

GROUP_INT_PROPERTY(x, -32768, 32767)
GROUP_INT_PROPERTY(y, -32768, 32767)
GROUP_INT_PROPERTY(scale, 1, 32767)

static mp_obj_t group_get_hidden(mp_obj_t self_in) {
    return mp_obj_new_bool(grp(self_in)->hidden);
}
static MP_DEFINE_CONST_FUN_OBJ_1(group_get_hidden_obj, group_get_hidden);
static mp_obj_t group_set_hidden(mp_obj_t self_in, mp_obj_t value) {
    grp(self_in)->hidden = mp_obj_is_true(value);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(group_set_hidden_obj, group_set_hidden);
RIG_PROPERTY_GETSET(group_hidden_obj, &group_get_hidden_obj, &group_set_hidden_obj);

static const mp_rom_map_elem_t group_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_hidden), MP_ROM_PTR(&group_hidden_obj) },
    { MP_ROM_QSTR(MP_QSTR_scale), MP_ROM_PTR(&group_scale_obj) },
    { MP_ROM_QSTR(MP_QSTR_x), MP_ROM_PTR(&group_x_obj) },
    { MP_ROM_QSTR(MP_QSTR_y), MP_ROM_PTR(&group_y_obj) },
    { MP_ROM_QSTR(MP_QSTR_append), MP_ROM_PTR(&group_append_obj) },
    { MP_ROM_QSTR(MP_QSTR_insert), MP_ROM_PTR(&group_insert_obj) },
    { MP_ROM_QSTR(MP_QSTR_index), MP_ROM_PTR(&group_index_obj) },
    { MP_ROM_QSTR(MP_QSTR_pop), MP_ROM_PTR(&group_pop_obj) },
    { MP_ROM_QSTR(MP_QSTR_remove), MP_ROM_PTR(&group_remove_obj) },
};
static MP_DEFINE_CONST_DICT(group_locals, group_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_group_type, MP_QSTR_Group, FLAGS,
    make_new, group_make_new,
    attr, rig_attr,
    subscr, group_subscr,
    unary_op, group_unary_op,
    iter, group_getiter,
    locals_dict, &group_locals
    );

// ----- the module ----------------------------------------------------------------------------

static const mp_rom_map_elem_t displayio_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_displayio) },
    { MP_ROM_QSTR(MP_QSTR_Bitmap), MP_ROM_PTR(&rig_bitmap_type) },
    { MP_ROM_QSTR(MP_QSTR_Palette), MP_ROM_PTR(&rig_palette_type) },
    { MP_ROM_QSTR(MP_QSTR_TileGrid), MP_ROM_PTR(&rig_tilegrid_type) },
    { MP_ROM_QSTR(MP_QSTR_Group), MP_ROM_PTR(&rig_group_type) },
    { MP_ROM_QSTR(MP_QSTR_OnDiskBitmap), MP_ROM_PTR(&rig_ondiskbitmap_type) },
};
static MP_DEFINE_CONST_DICT(displayio_globals, displayio_globals_table);

const mp_obj_module_t rig_displayio_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&displayio_globals,
};
MP_REGISTER_MODULE(MP_QSTR_displayio, rig_displayio_module);
