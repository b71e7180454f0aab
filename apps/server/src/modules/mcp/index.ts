/**
 * The MCP server's door: the app registers `/mcp` (Streamable HTTP, stateless), whose tools
 * call the public API's service with the API key's caller.
 */
export { registerMcpRoutes, MCP_PATH } from './mcp.routes.js';
export { MCP_INSTRUCTIONS } from './mcp.server.js';
