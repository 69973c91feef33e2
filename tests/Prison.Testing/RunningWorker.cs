using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Prison.Worker.Hosting;

namespace Prison.Testing;

/// <summary>A real worker host (consumers, jobs, health endpoints) on the test servers, inside the test process.</summary>
public sealed class RunningWorker : IAsyncDisposable
{
    private RunningWorker(WebApplication app) => App = app;

    public WebApplication App { get; }

    public IServiceProvider Services => App.Services;

    public Uri Address => new(App.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());

    public static async Task<RunningWorker> StartAsync(ScratchDatabase database, string queuePrefix, TimeProvider? clock = null, params string[] more)
    {
        var app = await WorkerApp.BuildAsync(ServerArguments.For(database, queuePrefix, more), builder =>
        {
            if (clock is not null)
            {
                builder.Services.AddSingleton(clock);
            }
        });
        await app.StartAsync();
        return new RunningWorker(app);
    }

    public async ValueTask DisposeAsync()
    {
        await App.StopAsync();
        await App.DisposeAsync();
    }
}
