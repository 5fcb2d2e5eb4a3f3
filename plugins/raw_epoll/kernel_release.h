#ifndef RAW_EPOLL_KERNEL_RELEASE_H
#define RAW_EPOLL_KERNEL_RELEASE_H

/* uname(2)'s release, e.g. "6.1.0-18-amd64": the "library" this plugin wraps is the kernel's
 * epoll. Read once; the string lives as long as the plugin. */
const char* kernel_release(void);

#endif
