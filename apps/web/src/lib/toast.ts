import { toast as toastify } from 'react-toastify'

import { wantToasts } from './toasts-wanted'

/**
 * react-toastify's `toast`, which first asks the app to mount the container. A toast raised
 * before the container is there waits in react-toastify's queue and shows once it mounts.
 * Import this, not react-toastify (eslint.config.js says so).
 */
function mounting<Show extends (...args: never[]) => unknown>(show: Show): Show {
  return ((...args: Parameters<Show>) => {
    wantToasts()
    return show(...args)
  }) as Show
}

export const toast = Object.assign(mounting(toastify), {
  success: mounting(toastify.success),
  error: mounting(toastify.error),
  info: mounting(toastify.info),
  warning: mounting(toastify.warning),
  dismiss: toastify.dismiss,
  isActive: toastify.isActive,
})
