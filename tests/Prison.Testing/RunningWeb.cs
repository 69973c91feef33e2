using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Prison.Web.App;

namespace Prison.Testing;

/// <summary>A real web host (Kestrel on a free loopback port) built by <see cref="WebApp.BuildAsync"/>, inside the test process.</summary>
public sealed class RunningWeb : IAsyncDisposable
{
    private RunningWeb(WebApplication app) => App = app;

    public WebApplication App { get; }

    public IServiceProvider Services => App.Services;

    public Uri Address => new(App.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());

    /// <summary>
    /// Web in production mode: the test PostgreSQL database and RabbitMQ, with a queue prefix of its own. Over plain
    /// http, so its cookies are not marked Secure (HttpClient would not send them back); a test checks production's default.
    /// </summary>
    public static Task<RunningWeb> StartAsync(ScratchDatabase database, string queuePrefix, TimeProvider? clock = null, params string[] more) =>
        StartAsync(ServerArguments.For(database, queuePrefix, [InsecureCookies, .. more]), clock);

    /// <summary>Lets the session cookie travel over the tests' plain http.</summary>
    public const string InsecureCookies = "--SignIn:SecureCookies=false";

    /// <summary>
    /// Every client of a test comes from loopback: the sign-in limit per address is raised so that a test class's
    /// many sign-ins are not refused, unless the test sets it.
    /// </summary>
    public const string ManySignIns = "--SignIn:AttemptsPerMinute=100000";

    /// <summary>
    /// Outside the embedded mode every role must enrol an authenticator by default: tests about something else sign in
    /// with the password alone, unless the test sets the requirement itself.
    /// </summary>
    public const string PasswordAlone = "--SignIn:RequireTwoFactorFor=none";

    /// <param name="services">Registrations after web's own, which they replace: a test's way to watch a service.</param>
    public static async Task<RunningWeb> StartAsync(string[] args, TimeProvider? clock = null, Action<IServiceCollection>? services = null)
    {
        args = args.Any(a => a.StartsWith("--SignIn:AttemptsPerMinute=", StringComparison.Ordinal)) ? args : [ManySignIns, .. args];
        args = args.Any(a => a.StartsWith("--SignIn:RequireTwoFactorFor=", StringComparison.Ordinal)) ? args : [PasswordAlone, .. args];
        return await StartAsIsAsync(args, clock, services);
    }

    /// <summary>With exactly <paramref name="args"/>, nothing added: for a test of a default the other starts set.</summary>
    public static async Task<RunningWeb> StartAsIsAsync(string[] args, TimeProvider? clock = null, Action<IServiceCollection>? services = null)
    {
        var app = await WebApp.BuildAsync(args, builder =>
        {
            if (clock is not null)
            {
                builder.Services.AddSingleton(clock);
            }

            services?.Invoke(builder.Services);
        });
        await app.StartAsync();
        return new RunningWeb(app);
    }

    /// <summary>A client that keeps cookies, as a browser does for antiforgery and the saved-notice message, and shows redirects rather than following them.</summary>
    public HttpClient CreateClient() => CreateClient(new CookieContainer());

    /// <summary>The same, keeping its cookies in <paramref name="cookies"/>, where a test can read them (the handler hides Set-Cookie headers).</summary>
    public HttpClient CreateClient(CookieContainer cookies) =>
        new(new HttpClientHandler { CookieContainer = cookies, UseCookies = true, AllowAutoRedirect = false }) { BaseAddress = Address };

    public async ValueTask DisposeAsync()
    {
        await App.StopAsync();
        await App.DisposeAsync();
    }
}
