import { OAUTH_SCOPES } from '~/domain/oauth/provider.server';
import { getOrigin } from '../origin.server';

// Protected Resource Metadata (RFC 9728) for the MCP server at /mcp: what the resource is, which
// authorization server issues its tokens (this site), the scopes, and how tokens are sent. Served
// at /.well-known/oauth-protected-resource and its /mcp-suffixed form, readable cross-origin
// (browser-based MCP clients fetch it).
export function protectedResourceMetadata(request: Request): Response {
  const origin = getOrigin(request);
  const headers = {
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'public, max-age=3600',
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return Response.json(
      { message: 'Method not allowed' },
      { status: 405, headers: { ...headers, Allow: 'GET, HEAD' } },
    );
  }
  return Response.json(
    {
      resource: `${origin}/mcp`,
      authorization_servers: [origin],
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'AI Visibility MCP server',
      resource_documentation: `${origin}/help/mcp`,
    },
    { headers },
  );
}
