// The builtin open() and sys.stdin/stdout/stderr: a file is a POSIX file descriptor behind
// the core's stream protocol (py/stream.c gives read([n]), readinto, readline, readlines,
// write, seek, tell, flush, close, iteration and `with`). Like CircuitPython's FAT files
// there is no buffering here: each read or write is one system call.

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "py/builtin.h"
#include "py/mperrno.h"
#include "py/runtime.h"
#include "py/stream.h"

typedef struct _rig_file_t {
    mp_obj_base_t base;
    int fd; // -1 once closed
} rig_file_t;

extern const mp_obj_type_t mp_type_rig_fileio;
extern const mp_obj_type_t mp_type_rig_textio;

static void check_open(rig_file_t *self) {
    if (self->fd < 0) {
        mp_raise_ValueError(MP_ERROR_TEXT("I/O operation on closed file"));
    }
}

static void file_print(const mp_print_t *print, mp_obj_t self_in, mp_print_kind_t kind) {
    (void)kind;
    rig_file_t *self = MP_OBJ_TO_PTR(self_in);
    mp_printf(print, "<io.%s %d>", mp_obj_get_type_str(self_in), self->fd);
}

static mp_uint_t file_read(mp_obj_t self_in, void *buf, mp_uint_t size, int *errcode) {
    rig_file_t *self = MP_OBJ_TO_PTR(self_in);
    check_open(self);
    ssize_t n = read(self->fd, buf, size);
    if (n < 0) {
        *errcode = errno;
        return MP_STREAM_ERROR;
    }
    return n;
}

static mp_uint_t file_write(mp_obj_t self_in, const void *buf, mp_uint_t size, int *errcode) {
    rig_file_t *self = MP_OBJ_TO_PTR(self_in);
    check_open(self);
    if (self->fd == STDOUT_FILENO) {
        // through stdio, so that it keeps its order with print() and the tracebacks
        return fwrite(buf, 1, size, stdout);
    }
    if (self->fd == STDERR_FILENO) {
        fflush(stdout);
        return fwrite(buf, 1, size, stderr);
    }
    ssize_t n = write(self->fd, buf, size);
    if (n < 0) {
        *errcode = errno;
        return MP_STREAM_ERROR;
    }
    return n;
}

static mp_uint_t file_ioctl(mp_obj_t self_in, mp_uint_t request, uintptr_t arg, int *errcode) {
    rig_file_t *self = MP_OBJ_TO_PTR(self_in);
    switch (request) {
        case MP_STREAM_SEEK: {
            check_open(self);
            struct mp_stream_seek_t *s = (struct mp_stream_seek_t *)arg;
            off_t off = lseek(self->fd, s->offset, s->whence);
            if (off == (off_t)-1) {
                *errcode = errno;
                return MP_STREAM_ERROR;
            }
            s->offset = off;
            return 0;
        }
        case MP_STREAM_FLUSH:
            check_open(self);
            if (self->fd == STDOUT_FILENO || self->fd == STDERR_FILENO) {
                fflush(self->fd == STDOUT_FILENO ? stdout : stderr);
            }
            return 0;
        case MP_STREAM_CLOSE:
            // closing twice is allowed; the process's own stdio stays open
            if (self->fd > STDERR_FILENO) {
                close(self->fd);
                self->fd = -1;
            }
            return 0;
        case MP_STREAM_GET_FILENO:
            return self->fd;
        default:
            *errcode = MP_EINVAL;
            return MP_STREAM_ERROR;
    }
}

static const mp_rom_map_elem_t file_locals_dict_table[] = {
    { MP_ROM_QSTR(MP_QSTR_read), MP_ROM_PTR(&mp_stream_read_obj) },
    { MP_ROM_QSTR(MP_QSTR_readinto), MP_ROM_PTR(&mp_stream_readinto_obj) },
    { MP_ROM_QSTR(MP_QSTR_readline), MP_ROM_PTR(&mp_stream_unbuffered_readline_obj) },
    { MP_ROM_QSTR(MP_QSTR_readlines), MP_ROM_PTR(&mp_stream_unbuffered_readlines_obj) },
    { MP_ROM_QSTR(MP_QSTR_write), MP_ROM_PTR(&mp_stream_write_obj) },
    { MP_ROM_QSTR(MP_QSTR_seek), MP_ROM_PTR(&mp_stream_seek_obj) },
    { MP_ROM_QSTR(MP_QSTR_tell), MP_ROM_PTR(&mp_stream_tell_obj) },
    { MP_ROM_QSTR(MP_QSTR_flush), MP_ROM_PTR(&mp_stream_flush_obj) },
    { MP_ROM_QSTR(MP_QSTR_close), MP_ROM_PTR(&mp_stream_close_obj) },
    { MP_ROM_QSTR(MP_QSTR___enter__), MP_ROM_PTR(&mp_identity_obj) },
    { MP_ROM_QSTR(MP_QSTR___exit__), MP_ROM_PTR(&mp_stream___exit___obj) },
    // called by the collector for a file that was dropped without close()
    { MP_ROM_QSTR(MP_QSTR___del__), MP_ROM_PTR(&mp_stream_close_obj) },
};
static MP_DEFINE_CONST_DICT(file_locals_dict, file_locals_dict_table);

static const mp_stream_p_t fileio_stream_p = {
    .read = file_read,
    .write = file_write,
    .ioctl = file_ioctl,
};

static const mp_stream_p_t textio_stream_p = {
    .read = file_read,
    .write = file_write,
    .ioctl = file_ioctl,
    .is_text = true,
};

MP_DEFINE_CONST_OBJ_TYPE(
    mp_type_rig_fileio,
    MP_QSTR_FileIO,
    MP_TYPE_FLAG_ITER_IS_STREAM,
    print, file_print,
    protocol, &fileio_stream_p,
    locals_dict, &file_locals_dict
    );

MP_DEFINE_CONST_OBJ_TYPE(
    mp_type_rig_textio,
    MP_QSTR_TextIOWrapper,
    MP_TYPE_FLAG_ITER_IS_STREAM,
    print, file_print,
    protocol, &textio_stream_p,
    locals_dict, &file_locals_dict
    );

// sys.stdin, sys.stdout, sys.stderr (py/modsys.c refers to these names)
const rig_file_t mp_sys_stdin_obj = {{&mp_type_rig_textio}, STDIN_FILENO};
const rig_file_t mp_sys_stdout_obj = {{&mp_type_rig_textio}, STDOUT_FILENO};
const rig_file_t mp_sys_stderr_obj = {{&mp_type_rig_textio}, STDERR_FILENO};

// open(file, mode="r"): modes r w a x, each with b or t and +.
mp_obj_t mp_builtin_open(size_t n_args, const mp_obj_t *pos_args, mp_map_t *kw_args) {
    enum { ARG_file, ARG_mode };
    static const mp_arg_t allowed_args[] = {
        { MP_QSTR_file, MP_ARG_OBJ | MP_ARG_REQUIRED, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_mode, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_QSTR(MP_QSTR_r)} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed_args)];
    mp_arg_parse_all(n_args, pos_args, kw_args, MP_ARRAY_SIZE(allowed_args), allowed_args, args);

    const char *path = mp_obj_str_get_str(args[ARG_file].u_obj);
    const char *mode = mp_obj_str_get_str(args[ARG_mode].u_obj);
    const mp_obj_type_t *type = &mp_type_rig_textio;
    int access = -1;
    int flags = 0;
    bool plus = false;
    for (const char *m = mode; *m; m++) {
        switch (*m) {
            case 'r':
            case 'w':
            case 'a':
            case 'x':
                if (access != -1) {
                    goto bad_mode;
                }
                access = *m;
                break;
            case 'b':
                type = &mp_type_rig_fileio;
                break;
            case 't':
                type = &mp_type_rig_textio;
                break;
            case '+':
                plus = true;
                break;
            default:
                goto bad_mode;
        }
    }
    switch (access) {
        case 'r':
            flags = plus ? O_RDWR : O_RDONLY;
            break;
        case -1:
            goto bad_mode;
        default:
            flags = (plus ? O_RDWR : O_WRONLY) | O_CREAT
                | (access == 'w' ? O_TRUNC : access == 'a' ? O_APPEND : O_EXCL);
            break;
    }
    // the object first: a MemoryError then leaves no descriptor open
    rig_file_t *self = mp_obj_malloc_with_finaliser(rig_file_t, type);
    self->fd = open(path, flags | O_CLOEXEC, 0644);
    if (self->fd < 0) {
        mp_raise_OSError_with_filename(errno, path);
    }
    return MP_OBJ_FROM_PTR(self);

bad_mode:
    mp_raise_ValueError(MP_ERROR_TEXT("invalid mode"));
}
MP_DEFINE_CONST_FUN_OBJ_KW(mp_builtin_open_obj, 1, mp_builtin_open);
