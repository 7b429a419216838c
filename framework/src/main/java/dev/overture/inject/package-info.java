/** Assembly: the Guice adapter of the object factory (and, later, the Guice module and builder). */
package dev.overture.inject;
