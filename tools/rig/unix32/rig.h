// The board rig's C modules (tools/rig/unix32/mod_*.c): CircuitPython's built-in modules as
// C, so that, as on the board, their code and names cost no heap and only their objects are
// allocated on it, each as large as CircuitPython's C object (the sizes are in each file).
//
// As in CircuitPython (py/objproperty.h, MP_PROPERTY_GETSET), an object's attributes are
// property objects in its type's locals dict, their getter and setter C functions taking
// the object or an instance of a Python subclass (rig_native() finds the C object in it).
// A type with properties is flagged MP_TYPE_FLAG_HAS_SPECIAL_ACCESSORS, which a Python
// subclass inherits (patch_core.py), and has rig_attr as its attr slot: the core does not
// call a property found in a C type's own locals dict.

#ifndef MICROPY_INCLUDED_RIG_H
#define MICROPY_INCLUDED_RIG_H

#include "py/obj.h"
#include "py/runtime.h"

// The layout of the core's mp_obj_property_t (py/objproperty.c keeps it private), so that
// properties can be constant objects in ROM.
typedef struct _rig_property_t {
    mp_obj_base_t base;
    mp_rom_obj_t proxy[3]; // getter, setter, deleter (None when there is none)
} rig_property_t;

#define RIG_PROPERTY_GETSET(name, getter, setter) \
    static const rig_property_t name = {{&mp_type_property}, \
        {MP_ROM_PTR(getter), MP_ROM_PTR(setter), MP_ROM_NONE}}
#define RIG_PROPERTY_GETTER(name, getter) \
    static const rig_property_t name = {{&mp_type_property}, \
        {MP_ROM_PTR(getter), MP_ROM_NONE, MP_ROM_NONE}}

// The attr slot of a type whose attributes are properties: loads and stores of a property
// call its getter and setter; everything else is looked up in the locals dict as usual.
void rig_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest);

// The C object of type ``type`` that ``obj`` is or holds (a Python subclass's instance);
// TypeError when it is neither or its C part is not made yet (super().__init__ not called).
void *rig_native(mp_obj_t obj, const mp_obj_type_t *type);

// A small int in [lo, hi] or ValueError naming ``arg``, as CircuitPython's
// mp_arg_validate_int_range.
mp_int_t rig_int_range(mp_obj_t value, mp_int_t lo, mp_int_t hi, qstr arg);

// A block of ``n`` bytes on the heap that holds no objects of its own: what a C structure
// of the board's allocates for its buffers (it stays alive while the object that points to
// it does, as the collector scans every block).
void *rig_block(size_t n);

// rigdriver.<name>(): the rig's player (tools/rig/stubs/rigdriver.py), imported from the
// path as any module.
mp_obj_t rig_call_driver(qstr name);

// supervisor.ticks_ms(): the rig's clock (mod_board.c)
mp_obj_t rig_ticks_ms(void);

// shared between the displayio files
extern const mp_obj_type_t rig_bitmap_type;
extern const mp_obj_type_t rig_palette_type;
extern const mp_obj_type_t rig_tilegrid_type;
extern const mp_obj_type_t rig_group_type;
extern const mp_obj_type_t rig_ondiskbitmap_type;
extern const mp_obj_type_t rig_rectangle_type;
extern const mp_obj_type_t rig_glyph_type;
extern const mp_obj_type_t rig_builtinfont_type;

typedef struct _rig_area_t {
    int16_t x1, y1, x2, y2;
    void *next;
} rig_area_t; // displayio_area_t: 12 bytes

// displayio_bitmap_t (shared-module/displayio/Bitmap.h): 40 bytes, a 48-byte block; the
// pixels are a block of their own, stride words a row.
typedef struct _rig_bitmap_t {
    mp_obj_base_t base;
    uint16_t width;
    uint16_t height;
    uint32_t stride; // in 32-bit words
    uint8_t bits_per_value;
    uint8_t x_shift;
    uint32_t x_mask;
    rig_area_t dirty_area;
    uint16_t bitmask;
    bool read_only;
    uint32_t *data;
} rig_bitmap_t;

uint32_t rig_bitmap_get(const rig_bitmap_t *self, int x, int y);
void rig_bitmap_set(rig_bitmap_t *self, int x, int y, uint32_t value);

// One colour of a Palette: 16 bytes (the stand-in's and the brief's figure).
typedef struct _rig_color_t {
    uint32_t rgb888;
    uint32_t cached_color;
    uint8_t cached_colorspace;
    uint8_t cached_colorspace_grayscale_bit;
    bool cached_colorspace_grayscale;
    bool transparent;
    uint32_t reserved;
} rig_color_t;

// displayio_palette_t: a 32-byte block and the colours.
typedef struct _rig_palette_t {
    mp_obj_base_t base;
    rig_color_t *colors;
    uint32_t color_count;
    bool needs_refresh;
    bool dither;
    uint8_t reserved[14];
} rig_palette_t;

mp_obj_t rig_palette_new(size_t color_count);

// the static Bitmap of terminalio.FONT (in flash on the board)
extern rig_bitmap_t rig_terminal_font_bitmap;

#endif // MICROPY_INCLUDED_RIG_H
