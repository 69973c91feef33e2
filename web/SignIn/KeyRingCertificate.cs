using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using Prison.ServiceDefaults;

namespace Prison.Web.SignIn;

/// <summary>
/// The certificate that encrypts the key ring where it is stored (the database), when the configuration names one:
/// a PKCS#12 file (<see cref="PathKey"/>, <see cref="PasswordKey"/>) or a certificate in the X.509 store by its
/// thumbprint (<see cref="ThumbprintKey"/>). Whoever reads the database without it cannot forge a session.
/// </summary>
public static class KeyRingCertificate
{
    public const string PathKey = "DataProtection:CertificatePath";

    public const string PasswordKey = "DataProtection:CertificatePassword";

    public const string ThumbprintKey = "DataProtection:CertificateThumbprint";

    /// <summary>Lets a production start store the key ring unencrypted: an explicit choice, never a forgotten setting.</summary>
    public const string AllowUnencryptedKey = "DataProtection:AllowUnencryptedKeys";

    /// <summary>The configured certificate, with its private key; null when none is configured.</summary>
    /// <param name="contentRoot">What a relative <see cref="PathKey"/> is taken from, as <c>Prison:DataFolder</c> is.</param>
    public static X509Certificate2? From(IConfiguration configuration, string contentRoot)
    {
        var path = configuration[PathKey];
        var thumbprint = configuration[ThumbprintKey];
        if (string.IsNullOrWhiteSpace(path) && string.IsNullOrWhiteSpace(thumbprint))
        {
            return null;
        }

        if (!string.IsNullOrWhiteSpace(path) && !string.IsNullOrWhiteSpace(thumbprint))
        {
            throw new StartupException($"Give {PathKey} or {ThumbprintKey}, not both: the key ring is encrypted with one certificate.");
        }

        var certificate = string.IsNullOrWhiteSpace(path)
            ? FromStore(thumbprint!.Replace(" ", string.Empty, StringComparison.Ordinal))
            : FromFile(Path.GetFullPath(path, contentRoot), configuration[PasswordKey]);
        using var privateKey = certificate.GetRSAPrivateKey();
        if (privateKey is null)
        {
            var subject = certificate.Subject;
            certificate.Dispose();
            throw new StartupException($"The certificate {subject} configured to encrypt the key ring has no RSA private key: data protection encrypts keys with RSA and needs the private key to read them back.");
        }

        return certificate;
    }

    private static X509Certificate2 FromFile(string path, string? password)
    {
        if (!File.Exists(path))
        {
            throw new StartupException($"The certificate file {path} ({PathKey}) does not exist.");
        }

        try
        {
            return X509CertificateLoader.LoadPkcs12FromFile(path, password);
        }
        catch (CryptographicException error)
        {
            throw new StartupException($"The certificate file {path} ({PathKey}) cannot be read as PKCS#12 with the password in {PasswordKey}: {error.Message}", error);
        }
    }

    private static X509Certificate2 FromStore(string thumbprint)
    {
        foreach (var location in new[] { StoreLocation.CurrentUser, StoreLocation.LocalMachine })
        {
            using var store = new X509Store(StoreName.My, location);
            try
            {
                store.Open(OpenFlags.ReadOnly | OpenFlags.OpenExistingOnly);
            }
            catch (CryptographicException)
            {
                // This store does not exist here (LocalMachine\My on Linux): look in the next.
                continue;
            }

            var found = store.Certificates.Find(X509FindType.FindByThumbprint, thumbprint, validOnly: false);
            if (found.Count > 0)
            {
                return found[0];
            }
        }

        throw new StartupException($"No certificate with the thumbprint {thumbprint} ({ThumbprintKey}) is in the personal (My) certificate store of the current user or the machine.");
    }
}
