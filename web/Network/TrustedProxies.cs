using System.Net;
using Microsoft.AspNetCore.HttpOverrides;
using Prison.ServiceDefaults;

namespace Prison.Web.Network;

/// <summary>
/// The client's address and scheme as the TLS proxy in front of web forwards them (X-Forwarded-For,
/// X-Forwarded-Proto), believed only from the proxies the configuration names: anyone else could claim any address.
/// With none named the headers are ignored, loopback included, which ASP.NET Core would otherwise trust.
/// </summary>
public static class TrustedProxies
{
    public const string ProxiesKey = "ForwardedHeaders:KnownProxies";

    public const string NetworksKey = "ForwardedHeaders:KnownNetworks";

    /// <returns>Whether any proxy is trusted, so that the headers are to be read at all.</returns>
    public static bool AddTrustedProxies(this IServiceCollection services, IConfiguration configuration)
    {
        var proxies = Values(configuration, ProxiesKey).Select(text => IPAddress.TryParse(text, out var address)
            ? address
            : throw new StartupException($"{ProxiesKey} has \"{text}\": each proxy must be an IP address, such as 10.0.0.5 (a network goes in {NetworksKey}).")).ToList();
        var networks = Values(configuration, NetworksKey).Select(text => System.Net.IPNetwork.TryParse(text, out var network)
            ? network
            : throw new StartupException($"{NetworksKey} has \"{text}\": each network must be an address and a prefix length, such as 10.0.0.0/24.")).ToList();
        services.Configure<ForwardedHeadersOptions>(options =>
        {
            options.ForwardedHeaders = ForwardedHeaders.XForwardedFor | ForwardedHeaders.XForwardedProto;
            options.KnownProxies.Clear();
            options.KnownIPNetworks.Clear();
            proxies.ForEach(options.KnownProxies.Add);
            networks.ForEach(options.KnownIPNetworks.Add);
        });
        return proxies.Count + networks.Count > 0;
    }

    /// <summary>Separated by commas (<c>10.0.0.5,10.0.0.6</c>), or one per index as an array in appsettings.json.</summary>
    private static IEnumerable<string> Values(IConfiguration configuration, string key)
    {
        var section = configuration.GetSection(key);
        var texts = section.Value is { } value ? [value] : section.GetChildren().Select(child => child.Value ?? string.Empty);
        return texts.SelectMany(text => text.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
    }
}
