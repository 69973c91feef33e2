using System.Data.Common;
using Microsoft.EntityFrameworkCore.Storage;

namespace Prison.Web.App;

/// <summary>Tells a database that could not be reached (down, restarting, out of connections) from a fault of the product.</summary>
public static class DatabaseFaults
{
    /// <summary>
    /// The execution strategy gave up on a transient fault, or a transient fault came from somewhere it does not
    /// retry: either way waiting and trying again is what helps, and nothing was saved.
    /// </summary>
    public static bool IsUnreachable(Exception? error)
    {
        for (; error is not null; error = error.InnerException)
        {
            if (error is RetryLimitExceededException or DbException { IsTransient: true })
            {
                return true;
            }
        }

        return false;
    }
}
