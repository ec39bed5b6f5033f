/**
 * A key pair for TESTS ONLY. Its private half is public (it is right here),
 * so a hub trusts it only when a test passes TEST_PUBLIC_KEY in the hub's
 * `licenceKeys` option; the binary trusts SELLER_PUBLIC_KEY alone
 * (hub/licence/keys.ts).
 */
export const TEST_PRIVATE_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIKowbJ9G37TUxDyspS754a0LBimP3+nDKk0xJOnWRlX9
-----END PRIVATE KEY-----
`;
export const TEST_PUBLIC_KEY = '9NvcdTG5TQuetDEMGM_r5rkp5BDZcLQ5fD3K02sUtDc';
