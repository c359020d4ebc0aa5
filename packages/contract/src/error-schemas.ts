import { z } from 'zod';
import { errorCodes, type ApiError, type FieldError } from './errors';

export const ErrorCodeSchema = z.enum(errorCodes);

export const FieldErrorSchema: z.ZodType<FieldError> = z.object({
  field: z.string(),
  errorCode: ErrorCodeSchema,
});

/** The API error shape, for response schemas and the OpenAPI document. */
export const ApiErrorSchema: z.ZodType<ApiError> = z.object({
  message: ErrorCodeSchema,
  errors: z.array(FieldErrorSchema).optional(),
});
