#ifndef IO_URING_URING_UAPI_H
#define IO_URING_URING_UAPI_H

/* What the kernel's io_uring ABI offers and Debian 12's liburing 2.3 headers do not declare,
 * with the values of the kernel's include/uapi/linux/io_uring.h. Each is refused with
 * RB_ERR_UNSUPPORTED, the feature named, where the kernel is older (probe.h). */

#include <liburing.h>

/* Linux 6.10: a send or recv with IOSQE_BUFFER_SELECT takes as many provided buffers as the
 * data fills (sqe->ioprio), and the feature bit saying the kernel knows it. */
#ifndef IORING_RECVSEND_BUNDLE
#define IORING_RECVSEND_BUNDLE (1U << 4)
#endif
#ifndef IORING_FEAT_RECVSEND_BUNDLE
#define IORING_FEAT_RECVSEND_BUNDLE (1U << 14)
#endif

/* Linux 6.12: a buffer ring whose buffers are consumed a part at a time (IOU_PBUF_RING_INC in
 * io_uring_buf_reg.flags); IORING_CQE_F_BUF_MORE on a completion whose buffer the kernel goes
 * on filling. */
#ifndef IORING_CQE_F_BUF_MORE
#define IORING_CQE_F_BUF_MORE (1U << 4)
#endif
enum { kUringPbufRingIncremental = 2 /* IOU_PBUF_RING_INC */ };

#endif
