// oidc-provider ships no type declarations; the identity server uses it through these loose shapes.
declare module 'oidc-provider' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Loose = any
  const Provider: Loose
  export default Provider
  export const errors: Loose
  export const interactionPolicy: Loose
}
