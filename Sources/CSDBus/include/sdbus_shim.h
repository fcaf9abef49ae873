#ifndef SPEAK_SDBUS_SHIM_H
#define SPEAK_SDBUS_SHIM_H
/* The sd-bus calls the MPRIS module makes, forwarded to libsystemd.so.0 opened on first use
   (only `speak play` on a desktop session needs it; linking it would load it into every
   command). The declarations follow <systemd/sd-bus.h> of systemd 252, whose ABI is stable;
   the types are opaque here, so no development package is needed to build. */
#include <stdint.h>
#include <stddef.h>

typedef struct sd_bus sd_bus;
typedef struct sd_bus_message sd_bus_message;
typedef struct sd_bus_slot sd_bus_slot;
typedef struct {
    const char *name;
    const char *message;
    int _need_free;
} speak_sd_bus_error;

typedef int (*speak_sd_bus_handler)(sd_bus_message *m, void *userdata, speak_sd_bus_error *ret_error);

/* NULL when libsystemd is loaded, else why it cannot be. */
const char *speak_sdbus_missing(void);

int speak_sd_bus_open_user(sd_bus **ret);
sd_bus *speak_sd_bus_flush_close_unref(sd_bus *bus);
int speak_sd_bus_request_name(sd_bus *bus, const char *name, uint64_t flags);
int speak_sd_bus_add_object(sd_bus *bus, sd_bus_slot **slot, const char *path, speak_sd_bus_handler callback, void *userdata);
sd_bus_slot *speak_sd_bus_slot_unref(sd_bus_slot *slot);
int speak_sd_bus_process(sd_bus *bus, sd_bus_message **ret);
int speak_sd_bus_wait(sd_bus *bus, uint64_t timeout_usec);
int speak_sd_bus_send(sd_bus *bus, sd_bus_message *m, uint64_t *cookie);

const char *speak_sd_bus_message_get_interface(sd_bus_message *m);
const char *speak_sd_bus_message_get_member(sd_bus_message *m);
int speak_sd_bus_message_is_method_call(sd_bus_message *m, const char *interface, const char *member);
int speak_sd_bus_message_read_basic(sd_bus_message *m, char type, void *p);
int speak_sd_bus_message_enter_container(sd_bus_message *m, char type, const char *contents);
int speak_sd_bus_message_exit_container(sd_bus_message *m);
int speak_sd_bus_message_peek_type(sd_bus_message *m, char *type, const char **contents);
int speak_sd_bus_message_new_method_return(sd_bus_message *call, sd_bus_message **m);
int speak_sd_bus_message_new_method_error(sd_bus_message *call, sd_bus_message **m, const speak_sd_bus_error *e);
int speak_sd_bus_message_new_signal(sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member);
int speak_sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p);
int speak_sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents);
int speak_sd_bus_message_close_container(sd_bus_message *m);
sd_bus_message *speak_sd_bus_message_unref(sd_bus_message *m);

#endif
