/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Watchpoint triggers (kpt_wtrig.c): the file wprobe_triggers, where an
 * event of ours gets the wprobe series' set_wprobe or clear_wprobe:
 *
 *   GRP/EVENT set_wprobe:[WGRP/]WEVENT:FIELD[+|-ADJ]
 *   GRP/EVENT clear_wprobe:[WGRP/]WEVENT[:FIELD[+|-ADJ]]
 *   !GRP/EVENT                      (removes the event's trigger)
 *
 * Reading it lists the triggers, then, as comment lines, where the
 * watchpoints they name are ("# WGRP/WEVENT watches 0xADDR [(parked)]").
 *
 * At each hit of EVENT, set_wprobe moves watchpoint WEVENT to the value
 * of EVENT's argument FIELD (+ ADJ): the object the function was handed;
 * clear_wprobe parks it (with FIELD: only if it watches that address).
 * The kernel's trigger file takes only the commands the kernel was
 * built with (their registration is init code), hence a file of ours.
 * An event a trigger names, at either end, cannot be deleted.
 *
 * Offers: kpt_wtrig_init(), kpt_wtrig_exit() (removes every trigger).
 * May touch: the probe list under kpt_mutex, a holder's wtrig and
 * wtrig_refs; its file (kpt_files.h); the error log.
 */
#ifndef KPT_WTRIG_H
#define KPT_WTRIG_H

int kpt_wtrig_init(void);
void kpt_wtrig_exit(void);

#endif /* KPT_WTRIG_H */
