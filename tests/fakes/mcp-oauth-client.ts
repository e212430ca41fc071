import type {
  OAuthClientMetadata,
  OAuthDiscoveryState,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/**
 * What an MCP host (ChatGPT, Claude) keeps for one server, in memory: the registration, the
 * tokens and the PKCE verifier. `redirectToAuthorization` only records the URL: the test opens it
 * (in a browser, or with fetch) and hands the code back through the transport's finishAuth.
 */
export class MemoryOAuthClient implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  client: StoredOAuthClientInformation | undefined;
  saved: StoredOAuthTokens | undefined;
  verifier = '';
  discovery: OAuthDiscoveryState | undefined;

  constructor(
    readonly redirect: string,
    readonly scope = 'read write',
    readonly name = 'Test Assistant',
  ) {}

  get redirectUrl() {
    return this.redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      client_uri: 'https://assistant.example',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: this.scope,
    };
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(information: StoredOAuthClientInformation) {
    this.client = information;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: StoredOAuthTokens) {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }

  // Kept with the verifier, so the callback is checked against the authorization server the
  // flow began with.
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }

  discoveryState() {
    return this.discovery;
  }
}
