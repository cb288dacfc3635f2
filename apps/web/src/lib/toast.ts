import { toast as toastify } from 'react-toastify'

import { wantToasts } from './toasts-wanted'

type Call<F extends (...args: never[]) => unknown> = (...args: Parameters<F>) => ReturnType<F>

/** Only the call itself: the wrapper has none of react-toastify's other properties. */
function mounting<F extends (...args: never[]) => unknown>(show: F): Call<F> {
  const call = show as unknown as Call<F>
  return (...args) => {
    wantToasts()
    return call(...args)
  }
}

/**
 * react-toastify's `toast`, which first asks the app to mount the container. A toast raised
 * before the container is there waits in react-toastify's queue and shows once it mounts.
 * Import this, not react-toastify (eslint.config.js says so).
 */
export const toast = Object.assign(mounting(toastify), {
  success: mounting(toastify.success),
  error: mounting(toastify.error),
  info: mounting(toastify.info),
  warning: mounting(toastify.warning),
  dismiss: toastify.dismiss,
  isActive: toastify.isActive,
})
