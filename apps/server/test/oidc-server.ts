import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server'

export type GoogleStandIn = {
  discoveryUrl: string
  /** The identity the next sign-in returns. */
  signInAs(person: { email: string; name: string; emailVerified?: boolean }): void
  stop(): Promise<void>
}

/** A local OpenID Connect server standing in for Google: discovery, PKCE, signed ID tokens. */
export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  let person = { email: 'someone@example.com', name: 'Someone', emailVerified: true }
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, {
      sub: `google-${person.email}`,
      email: person.email,
      name: person.name,
      email_verified: person.emailVerified,
    })
  })
  server.service.on('beforeUserinfo', (userInfo: MutableResponse) => {
    userInfo.body = {
      sub: `google-${person.email}`,
      email: person.email,
      name: person.name,
      email_verified: person.emailVerified,
    }
  })
  return {
    discoveryUrl: `${server.issuer.url ?? ''}/.well-known/openid-configuration`,
    signInAs(next) {
      person = { emailVerified: true, ...next }
    },
    stop: () => server.stop(),
  }
}
