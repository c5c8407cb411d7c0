import { DESCRIBE_BYTE_REQUEST, type DescribeByteParams, type DescribeByteResult } from '../../../../protocol/describe';
import type { ServerContext } from '../../context';
import { describeBytes } from './describeRequest';

export function registerDescribeRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(
    DESCRIBE_BYTE_REQUEST,
    (params: DescribeByteParams): Promise<DescribeByteResult> => describeBytes(ctx.files, ctx.uriToPath(params.uri), params, ctx.settings().frameRate),
  );
}
