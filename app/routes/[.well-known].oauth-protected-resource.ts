import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { protectedResourceMetadata } from '~/http/mcp/resource-metadata.server';

// RFC 9728 metadata of the MCP server at /mcp (the plain and the path-suffixed address).
export function loader({ request }: LoaderFunctionArgs) {
  return protectedResourceMetadata(request);
}

export function action({ request }: ActionFunctionArgs) {
  return protectedResourceMetadata(request);
}
