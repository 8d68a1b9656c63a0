/** The part of geoip-country's API the platform uses (the package ships no types). */
declare module 'geoip-country' {
  interface GeoCountry {
    /** ISO 3166-1 alpha-2. */
    country: string;
    name: string;
  }
  const geoip: { lookup(ip: string): GeoCountry | null | undefined };
  export default geoip;
}
