/** MD5 hex of a password, as BladeX expects on the wire. Loaded on first use: not needed to paint the login form. */
export async function md5Hex(text: string): Promise<string> {
  const { md5 } = await import('js-md5')
  return md5(text)
}
