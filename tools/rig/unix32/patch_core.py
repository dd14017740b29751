"""Changes to three files of the MicroPython core; the Makefile compiles the patched copies
instead of the sdist's files (the sdist itself stays as unpacked).

    python patch_core.py <sdist>/py/objtype.c <build>/rigcore/objtype.c
    python patch_core.py <sdist>/py/gc.c <build>/rigcore/gc.c
    python patch_core.py <sdist>/py/qstr.c <build>/rigcore/qstr.c

py/objtype.c (micropython32 only): two changes that CircuitPython's core also has, without
which a Python subclass of a C type (``class Text(displayio.TileGrid)`` in
lib/cucumber/ui.py) does not behave as on the board:

1. ``super().__init__(bitmap, pixel_shader=p, x=1)``: MicroPython 1.23 passes no keyword
   arguments to a native base's constructor ("function doesn't take keyword arguments").
   The wrapper takes them, as in MicroPython 1.24 and CircuitPython (the arguments are
   copied into one temporary array on the heap, as there).
2. Attributes of a C type are properties in its locals dict (CircuitPython's
   MP_PROPERTY_GETSET, tools/rig/unix32/rig.h): a subclass of a type flagged
   MP_TYPE_FLAG_HAS_SPECIAL_ACCESSORS gets the flag too (CircuitPython does this in
   mp_obj_new_type), so that ``text.x = 5`` reaches the C object's setter instead of
   landing in the instance's own dict.

py/gc.c (both binaries): the rig's area (main.c, ``-X righeap``). Once main.c has sealed
it (``rig_heap_sealed``), the collector's first area takes no new allocation (gc_alloc
starts at the capped area) and no block of it grows in place (gc_realloc moves it to the
capped area), so that nothing the app makes lands there, not even in a block that one of
the rig's objects freed; and gc_info (gc.mem_alloc(), gc.mem_free(),
micropython.mem_info()) counts the capped area only. The collector still marks and sweeps
both areas. Without a seal (``-X righeap=0``, one area) nothing changes.

py/qstr.c (both binaries): the interned names once the rig's area is sealed. A name that
the rig interned before the seal (its player's names) and that the app interns later
(``qstr_from_strn``: loading a module, compiling, a name made at run time), outside a call
into the player (``rig_in_player``, rig.c), costs the app what interning it would have
cost on the board: a copy of its characters and a pool entry in the capped area, which no
lookup finds (its hash byte is changed); the name keeps the rig's id, so that the rig's
code and the app's agree on it. And micropython.qstr_info() counts the pools made after
the seal only (``rig_sealed_pool``: the rig's last), the app's.

py/gc.c also gains ``rig_heap_walk`` (appended, both binaries): every block the collector
would keep, found as gc_mark finds it, for ``righeap.census()`` (mod_righeap.c), the heap
census by kind. It reads the collector's tables and changes nothing.

Each change replaces one exact passage of the file; if the passage is not found exactly
once (another MicroPython version), the script stops with a message instead of building
something else.
"""

import os
import sys

OBJTYPE_CHANGES = [
    (
        # 1. the native base's __init__ with keyword arguments
        """static mp_obj_t native_base_init_wrapper(size_t n_args, const mp_obj_t *args) {
    mp_obj_instance_t *self = MP_OBJ_TO_PTR(args[0]);
    const mp_obj_type_t *native_base = NULL;
    instance_count_native_bases(self->base.type, &native_base);
    self->subobj[0] = MP_OBJ_TYPE_GET_SLOT(native_base, make_new)(native_base, n_args - 1, 0, args + 1);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(native_base_init_wrapper_obj, 1, MP_OBJ_FUN_ARGS_MAX, native_base_init_wrapper);
""",
        """// board rig (tools/rig/unix32/patch_core.py): keyword arguments reach the native
// constructor, as in MicroPython 1.24 and CircuitPython.
static mp_obj_t native_base_init_wrapper(size_t n_args, const mp_obj_t *pos_args, mp_map_t *kw_args) {
    mp_obj_instance_t *self = MP_OBJ_TO_PTR(pos_args[0]);
    const mp_obj_type_t *native_base = NULL;
    instance_count_native_bases(self->base.type, &native_base);
    size_t n_kw = kw_args ? kw_args->used : 0;
    pos_args++;
    n_args--;
    mp_obj_t *args2 = m_new(mp_obj_t, n_args + 2 * n_kw);
    memcpy(args2, pos_args, n_args * sizeof(mp_obj_t));
    if (n_kw) {
        memcpy(args2 + n_args, kw_args->table, 2 * n_kw * sizeof(mp_obj_t));
    }
    self->subobj[0] = MP_OBJ_TYPE_GET_SLOT(native_base, make_new)(native_base, n_args, n_kw, args2);
    m_del(mp_obj_t, args2, n_args + 2 * n_kw);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(native_base_init_wrapper_obj, 1, native_base_init_wrapper);
""",
    ),
    (
        # 2. a subclass of a C type with properties has special accessors
        """    if (num_native_bases > 1) {
        mp_raise_TypeError(MP_ERROR_TEXT("multiple bases have instance lay-out conflict"));
    }
""",
        """    if (num_native_bases > 1) {
        mp_raise_TypeError(MP_ERROR_TEXT("multiple bases have instance lay-out conflict"));
    }
    #if ENABLE_SPECIAL_ACCESSORS
    // board rig (tools/rig/unix32/patch_core.py), as CircuitPython: the properties of a
    // native base class are the subclass's special accessors too.
    if (num_native_bases == 1 && (native_base->flags & MP_TYPE_FLAG_HAS_SPECIAL_ACCESSORS)) {
        o->flags |= MP_TYPE_FLAG_HAS_SPECIAL_ACCESSORS;
    }
    #endif
""",
    ),
]


GC_CHANGES = [
    (
        # the sealed rig area takes no new allocation
        """        #if MICROPY_GC_SPLIT_HEAP
        area = MP_STATE_MEM(gc_last_free_area);
        #else
""",
        """        #if MICROPY_GC_SPLIT_HEAP
        area = MP_STATE_MEM(gc_last_free_area);
        // board rig (tools/rig/unix32/patch_core.py): the sealed rig area takes nothing new
        if (RIG_AREA_SEALED(area)) {
            area = NEXT_AREA(area);
        }
        #else
""",
    ),
    (
        # no block of the sealed rig area grows in place
        """    if (new_blocks <= n_blocks + n_free) {
""",
        """    // board rig (tools/rig/unix32/patch_core.py): no block of the sealed rig area grows
    // in place (it moves to the capped area)
    if (new_blocks <= n_blocks + n_free && !RIG_AREA_SEALED(area)) {
""",
    ),
    (
        # gc_info counts the capped area only
        """    for (mp_state_mem_area_t *area = &MP_STATE_MEM(area); area != NULL; area = NEXT_AREA(area)) {
        bool finish = false;
""",
        """    // board rig (tools/rig/unix32/patch_core.py): once sealed, the capped area only
    for (mp_state_mem_area_t *area = RIG_FIRST_COUNTED_AREA(); area != NULL; area = NEXT_AREA(area)) {
        bool finish = false;
""",
    ),
]

QSTR_CHANGES = [
    (
        # a name of the rig's, used by the app for the first time, is charged to the app
        """    qstr q = qstr_find_strn(str, len);
    if (q == 0) {
        // qstr does not exist in interned pool so need to add it
""",
        """    qstr q = qstr_find_strn(str, len);
    // board rig (tools/rig/unix32/patch_core.py): a name that the rig interned before the
    // seal, interned by the app for the first time, costs the app its own copy (which no
    // lookup finds: its hash byte is changed); the name keeps the rig's id
    qstr rig_found = (q != 0 && RIG_QSTR_CHARGE(q)) ? q : 0;
    if (rig_found != 0) {
        q = 0;
    }
    if (q == 0) {
        // qstr does not exist in interned pool so need to add it
""",
    ),
    (
        """        q = qstr_add(len, q_ptr);
    }
    QSTR_EXIT();
    return q;
""",
        """        q = qstr_add(len, q_ptr);
        if (rig_found != 0) {
            qstr_pool_t *pool = MP_STATE_VM(last_pool);
            pool->hashes[q - pool->total_prev_len] ^= 1;
            q = rig_found;
        }
    }
    QSTR_EXIT();
    return q;
""",
    ),
    (
        # micropython.qstr_info() counts the names in the capped area only
        """pool != NULL && pool != &CONST_POOL; pool = pool->prev) {
        *n_pool += 1;
""",
        """pool != NULL && pool != &CONST_POOL
         && pool != rig_sealed_pool; pool = pool->prev) { // board rig: the capped area's
        *n_pool += 1;
""",
    ),
]

GC_APPEND = r'''

// ----- board rig (tools/rig/unix32/patch_core.py): the heap census's walk -----------------
// Every block reachable from the roots the collector scans (the root pointers, the pystack
// in use, the C stack from this frame up), each found as gc_mark finds it: by a word equal
// to its head's address. ``visit`` gets each such block of the last area (the capped heap
// when the rig's area is sealed) with its bytes and the block that first reached it (NULL:
// a root). The walk's own bookkeeping is C's malloc, so the heap it reads stays as it was.
// Returns 0, or -1 when malloc failed (nothing visited).
#include <stdlib.h>

typedef struct _rig_walk_area_t {
    mp_state_mem_area_t *area;
    void **from; // per block: the block that reached it, or a root marker; NULL unreached
} rig_walk_area_t;

#define RIG_WALK_AREAS (4)
#define RIG_WALK_ROOT ((void *)1)

static rig_walk_area_t rig_walk_areas[RIG_WALK_AREAS];
static size_t rig_walk_n_areas;
static void **rig_walk_queue;
static size_t rig_walk_len, rig_walk_cap;
static int rig_walk_failed;

static void **rig_walk_slot(void *ptr) {
    for (size_t i = 0; i < rig_walk_n_areas; i++) {
        mp_state_mem_area_t *area = rig_walk_areas[i].area;
        if ((byte *)ptr < area->gc_pool_start || (byte *)ptr >= area->gc_pool_end
            || ((uintptr_t)ptr & (BYTES_PER_BLOCK - 1)) != 0) {
            continue;
        }
        size_t block = BLOCK_FROM_PTR(area, ptr);
        if (ATB_GET_KIND(area, block) != AT_HEAD && ATB_GET_KIND(area, block) != AT_MARK) {
            return NULL;
        }
        return &rig_walk_areas[i].from[block];
    }
    return NULL;
}

static size_t rig_walk_bytes(void *ptr) {
    for (size_t i = 0; i < rig_walk_n_areas; i++) {
        mp_state_mem_area_t *area = rig_walk_areas[i].area;
        if ((byte *)ptr >= area->gc_pool_start && (byte *)ptr < area->gc_pool_end) {
            size_t total = area->gc_alloc_table_byte_len * BLOCKS_PER_ATB;
            size_t block = BLOCK_FROM_PTR(area, ptr), end = block + 1;
            while (end < total && ATB_GET_KIND(area, end) == AT_TAIL) {
                end++;
            }
            return (end - block) * BYTES_PER_BLOCK;
        }
    }
    return 0;
}

static void rig_walk_reach(void *ptr, void *from) {
    void **slot = rig_walk_slot(ptr);
    if (slot == NULL || *slot != NULL || rig_walk_failed) {
        return;
    }
    if (rig_walk_len == rig_walk_cap) {
        size_t cap = rig_walk_cap ? 2 * rig_walk_cap : 1024;
        void **q = realloc(rig_walk_queue, cap * sizeof(void *));
        if (q == NULL) {
            rig_walk_failed = 1;
            return;
        }
        rig_walk_queue = q;
        rig_walk_cap = cap;
    }
    *slot = from;
    rig_walk_queue[rig_walk_len++] = ptr;
}

static void rig_walk_roots(void **start, void **end) {
    for (void **w = start; w < end; w++) {
        rig_walk_reach(*w, RIG_WALK_ROOT);
    }
}

MP_NOINLINE int rig_heap_walk(void (*visit)(void *block, size_t bytes, void *parent, void *env), void *env) {
    rig_walk_n_areas = 0;
    rig_walk_len = 0;
    rig_walk_failed = 0;
    mp_state_mem_area_t *last = NULL;
    for (mp_state_mem_area_t *area = &MP_STATE_MEM(area); area != NULL; area = NEXT_AREA(area)) {
        if (rig_walk_n_areas == RIG_WALK_AREAS) {
            break;
        }
        rig_walk_areas[rig_walk_n_areas].area = area;
        rig_walk_areas[rig_walk_n_areas].from = calloc(area->gc_alloc_table_byte_len * BLOCKS_PER_ATB, sizeof(void *));
        if (rig_walk_areas[rig_walk_n_areas].from == NULL) {
            rig_walk_failed = 1;
        }
        rig_walk_n_areas++;
        last = area;
    }
    if (!rig_walk_failed) {
        // the roots, as gc_collect_start and the port's gc_collect take them
        void **ptrs = (void **)(void *)&mp_state_ctx;
        size_t root_start = offsetof(mp_state_ctx_t, thread.dict_locals);
        size_t root_end = offsetof(mp_state_ctx_t, vm.qstr_last_chunk);
        rig_walk_roots(ptrs + root_start / sizeof(void *), ptrs + root_end / sizeof(void *));
        #if MICROPY_ENABLE_PYSTACK
        rig_walk_roots((void **)MP_STATE_THREAD(pystack_start), (void **)MP_STATE_THREAD(pystack_cur));
        #endif
        volatile void *here = NULL;
        rig_walk_roots((void **)&here, (void **)MP_STATE_THREAD(stack_top));
        for (size_t i = 0; i < rig_walk_len && !rig_walk_failed; i++) {
            void **block = rig_walk_queue[i];
            size_t n = rig_walk_bytes(block) / sizeof(void *);
            for (size_t j = 0; j < n; j++) {
                rig_walk_reach(block[j], block);
            }
        }
    }
    if (!rig_walk_failed) {
        for (size_t i = 0; i < rig_walk_len; i++) {
            void *block = rig_walk_queue[i];
            if ((byte *)block >= last->gc_pool_start && (byte *)block < last->gc_pool_end) {
                void *from = *rig_walk_slot(block);
                visit(block, rig_walk_bytes(block), from == RIG_WALK_ROOT ? NULL : from, env);
            }
        }
    }
    for (size_t i = 0; i < rig_walk_n_areas; i++) {
        free(rig_walk_areas[i].from);
    }
    free(rig_walk_queue);
    rig_walk_queue = NULL;
    rig_walk_cap = 0;
    return rig_walk_failed ? -1 : 0;
}
'''

CHANGES = {"objtype.c": OBJTYPE_CHANGES, "gc.c": GC_CHANGES, "qstr.c": QSTR_CHANGES}
APPEND = {"gc.c": GC_APPEND}


def patch(text, name="objtype.c"):
    for old, new in CHANGES[name]:
        n = text.count(old)
        if n != 1:
            raise SystemExit("patch_core.py: a passage of py/%s was found %d times "
                             "(expected once): %r" % (name, n, old.splitlines()[0]))
        text = text.replace(old, new)
    return text + APPEND.get(name, "")


def main(src, dst):
    with open(src) as f:
        text = f.read()
    out = patch(text, os.path.basename(src))
    with open(dst + ".tmp", "w") as f:
        f.write("// Generated by tools/rig/unix32/patch_core.py from %s\n" % src)
        f.write(out)
    os.replace(dst + ".tmp", dst)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
