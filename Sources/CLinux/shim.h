#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H
// Linux-only system headers Glibc's Swift module does not cover.
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#endif
