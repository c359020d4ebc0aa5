import type { SignUpRequest, SignUpResponse } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/users/signup: sends a sign-in link (new and known addresses alike). */
export function signUp(payload: SignUpRequest): Promise<SignUpResponse> {
  return apiRequest<SignUpResponse>('/users/signup', { method: 'POST', body: payload });
}

/** A visitor's call: no query cache involved (lib/use-async-action.ts). */
export function useSignUp() {
  return useAsyncAction(signUp);
}
