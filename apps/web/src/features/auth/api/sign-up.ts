import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest, SignUpResponse } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** POST /api/users/signup: sends a sign-in link (new and known addresses alike). */
export function signUp(payload: SignUpRequest): Promise<SignUpResponse> {
  return apiRequest<SignUpResponse>('/users/signup', { method: 'POST', body: payload });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
