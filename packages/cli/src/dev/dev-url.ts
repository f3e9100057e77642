/**
 * How `ninefold dev` tells the server it runs behind Vite: the address to print is Vite's
 * (which serves the UI and passes /api on), and the server serves no built UI of its own.
 */

/**
 * The environment variable holding that address.
 * @example spawn(node, [bin, 'start', dir], { env: { ...process.env, [DEV_URL_ENV]: 'http://127.0.0.1:3000' } })
 */
export const DEV_URL_ENV = 'NINEFOLD_DEV_URL';
