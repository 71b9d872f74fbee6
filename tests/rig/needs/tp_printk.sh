#!/bin/sh
# No files: the word only adds the tp_printk boot option (tp_printk.append).
mkdir -p "$1/kpt"
