#ifndef RB_PLUGIN_COMMON_KERNEL_RELEASE_H
#define RB_PLUGIN_COMMON_KERNEL_RELEASE_H

/* uname(2)'s release, e.g. "6.1.0-18-amd64", for a plugin whose "library" is the kernel's
 * (raw-epoll's epoll, io-uring's io_uring). Read once; the string lives as long as the plugin. */
const char* kernel_release(void);

#endif
